// Where the search dialog lives in the shell: it opens from the top bar's button and with
// Ctrl/Cmd + / (the spec's shortcut for message search; Ctrl/Cmd + K is the command palette).
import { lazy, Suspense, useEffect } from 'react';
import { useSearchDialog } from './store.js';
import { loadLater } from '../loadLater.js';

// Loaded when first opened.
const SearchDialog = lazy(loadLater('SearchDialog'));

// The key, not the character: on a Russian layout that key types '.', and Shift+7 types '/'.
const isShortcut = (event) => (event.ctrlKey || event.metaKey) && !event.altKey
  && (event.code === 'Slash' || event.key === '/');

export default function SearchHost() {
  const open = useSearchDialog((state) => state.open);
  const openSearch = useSearchDialog((state) => state.openSearch);
  const closeSearch = useSearchDialog((state) => state.closeSearch);
  useEffect(() => {
    const onKey = (event) => {
      if (!isShortcut(event) || event.defaultPrevented) return;
      event.preventDefault();
      // Over another modal it would stack two dialogs: only from the shell itself.
      if (!document.querySelector('dialog[open]')) openSearch();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openSearch]);
  return <Suspense fallback={null}>{open && <SearchDialog onClose={closeSearch} />}</Suspense>;
}
