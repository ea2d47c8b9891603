// Whether the command palette is open. Ctrl/Cmd+K toggles it (regions/PaletteIsland.jsx).
import { create } from 'zustand';

export const usePalette = create((set) => ({
  open: false,
  togglePalette: () => set((state) => ({ open: !state.open })),
  closePalette: () => set({ open: false }),
}));
