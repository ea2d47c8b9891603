// Whether the members drawer is open (spec §3 "Chat state": rightDrawerOpen, rightDrawerTab
// members). On wide screens it sits beside the channel and the choice is remembered on this
// device; on phones it slides over the content and starts closed on every page, as a drawer that
// covered the chat on arrival would be in the way.
import { create } from 'zustand';
import { remembered } from '../../lib/remembered.js';

export const useMembersDrawer = create(
  remembered('lobby.membersDrawer', ['open'])(
    (set) => ({
      open: true, // wide screens: Discord shows the members beside a channel until one hides them
      phoneOpen: false,
      toggle: (phone) => set((state) => (phone ? { phoneOpen: !state.phoneOpen } : { open: !state.open })),
      closePhone: () => set({ phoneOpen: false }),
    }),
  ),
);

/** Open now, on this screen size. */
export const isDrawerOpen = (state, phone) => (phone ? state.phoneOpen : state.open);
