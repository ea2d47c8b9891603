// Whether the global search dialog is open: the top bar's button and the palette's search command
// (Ctrl/Cmd+/ opens the palette with 'search ' typed) open it.
import { create } from 'zustand';

export const useSearchDialog = create((set) => ({
  open: false,
  query: '', // what the dialog opens with (the palette's 'search кот' carries 'кот' over)
  openSearch: (query) => set({ open: true, query: typeof query === 'string' ? query : '' }),
  closeSearch: () => set({ open: false }),
}));
