// The `palette` island: an empty region until Ctrl/Cmd+K first opens the palette, whose code
// (with cmdk) loads only then.
import { lazy, Suspense, useEffect } from 'react';
import { usePalette } from '../palette/store.js';
import Region from './Region.jsx';

const Palette = lazy(() => import('../palette/Palette.jsx'));

// The key, not the character: on a Russian layout that key types 'л'.
const isShortcut = (event) => (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
  && (event.code === 'KeyK' || event.key.toLowerCase() === 'k');

function PaletteHost({ csrfToken }) {
  const open = usePalette((state) => state.open);
  const togglePalette = usePalette((state) => state.togglePalette);
  const closePalette = usePalette((state) => state.closePalette);
  useEffect(() => {
    const onKey = (event) => {
      if (!isShortcut(event) || event.defaultPrevented) return;
      event.preventDefault(); // the browser's own Ctrl+K focuses its address bar
      // Over another dialog it would stack two: only from the app itself, or to close itself.
      if (open || !document.querySelector('dialog[open]')) togglePalette();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, togglePalette]);
  return <Suspense fallback={null}>{open && <Palette csrfToken={csrfToken} onClose={closePalette} />}</Suspense>;
}

export default function PaletteIsland({ csrfToken }) {
  return <Region><PaletteHost csrfToken={csrfToken} /></Region>;
}
