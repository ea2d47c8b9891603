// Whether the command palette is open, and with what already typed: Ctrl/Cmd+K toggles it empty
// (shortcuts/registry.js); a caller may open it prefilled (`openPalette('search ')`).
import { create } from 'zustand';

export const usePalette = create((set) => ({
  open: false,
  prefill: '',
  openPalette: (prefill = '') => set({ open: true, prefill }),
  togglePalette: () => set((state) => ({ open: !state.open, prefill: '' })),
  closePalette: () => set({ open: false, prefill: '' }),
}));
