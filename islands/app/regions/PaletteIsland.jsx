// The `palette` island: the page's one shortcut listener (../shortcuts/registry.js), the record
// of visited places the palette ranks by (../palette/recent.js), and the layers the keys open —
// the command palette (its code, with cmdk, loads on the first Ctrl/Cmd+K), the help sheet and the
// performance panel (../later.js, on first use). Nothing but the listener is first-load code.
import { lazy, Suspense, useEffect } from 'react';
import { recordVisits, shellUserId } from '../palette/recent.js';
import { usePalette } from '../palette/store.js';
import { useShortcuts } from '../shortcuts/registry.js';
import { useLayers } from '../shortcuts/store.js';
import { loadLater } from '../loadLater.js';
import Region from './Region.jsx';

const Palette = lazy(() => import('../palette/Palette.jsx'));
const HelpSheet = lazy(loadLater('HelpSheet'));
const PerfPanel = lazy(loadLater('PerfPanel'));

function Layers({ csrfToken }) {
  const open = usePalette((state) => state.open);
  const prefill = usePalette((state) => state.prefill);
  const closePalette = usePalette((state) => state.closePalette);
  const help = useLayers((state) => state.help);
  const perf = useLayers((state) => state.perf);
  const closeHelp = useLayers((state) => state.closeHelp);
  const closePerf = useLayers((state) => state.closePerf);
  useShortcuts();
  useEffect(() => recordVisits(shellUserId()), []);
  // A boundary each: one layer's code arriving never hides another.
  return (
    <>
      <Suspense fallback={null}>{open && <Palette csrfToken={csrfToken} prefill={prefill} onClose={closePalette} />}</Suspense>
      <Suspense fallback={null}>{help && <HelpSheet onClose={closeHelp} />}</Suspense>
      <Suspense fallback={null}>{perf && <PerfPanel onClose={closePerf} />}</Suspense>
    </>
  );
}

export default function PaletteIsland({ csrfToken }) {
  return <Region><Layers csrfToken={csrfToken} /></Region>;
}
