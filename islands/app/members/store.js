// Whether the members drawer is open (spec §3 "Chat state": rightDrawerOpen, rightDrawerTab
// members). On wide screens it sits beside the channel and the choice is remembered on this
// device; on phones it slides over the content and starts closed on every page, as a drawer that
// covered the chat on arrival would be in the way.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const useMembersDrawer = create(
  persist(
    (set) => ({
      open: true, // wide screens: Discord shows the members beside a channel until one hides them
      phoneOpen: false,
      toggle: (phone) => set((state) => (phone ? { phoneOpen: !state.phoneOpen } : { open: !state.open })),
      closePhone: () => set({ phoneOpen: false }),
    }),
    {
      name: 'lobby.membersDrawer',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ open: state.open }),
    },
  ),
);

/** Open now, on this screen size. */
export const isDrawerOpen = (state, phone) => (phone ? state.phoneOpen : state.open);
