// Whether the global search dialog is open: the top bar's button and Ctrl/Cmd+/ open it.
import { create } from 'zustand';

export const useSearchDialog = create((set) => ({
  open: false,
  openSearch: () => set({ open: true }),
  closeSearch: () => set({ open: false }),
}));
