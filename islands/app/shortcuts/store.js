// Which of the shortcuts' own layers is open: the help sheet (a dialog) and the performance panel
// (a small non-modal panel). The command palette keeps its own store (../palette/store.js).
import { create } from 'zustand';

export const useLayers = create((set) => ({
  help: false,
  perf: false,
  openHelp: () => set({ help: true }),
  closeHelp: () => set({ help: false }),
  togglePerf: () => set((state) => ({ perf: !state.perf })),
  closePerf: () => set({ perf: false }),
}));
