// Where the search dialog lives in the shell: it opens from the top bar's button and from the
// palette's message search command (Ctrl/Cmd + / opens the palette with 'search ' typed: see
// ../shortcuts/registry.js, the page's one shortcut listener).
import { lazy, Suspense } from 'react';
import { useSearchDialog } from './store.js';
import { loadLater } from '../loadLater.js';

// Loaded when first opened.
const SearchDialog = lazy(loadLater('SearchDialog'));

export default function SearchHost() {
  const open = useSearchDialog((state) => state.open);
  const closeSearch = useSearchDialog((state) => state.closeSearch);
  return <Suspense fallback={null}>{open && <SearchDialog onClose={closeSearch} />}</Suspense>;
}
