// Client state of the shell (spec §3 "Chat state", the part this shell needs). Only
// sidebarCollapsed persists locally.
import { create } from 'zustand';
import { remembered } from '../lib/remembered.js';

export const useShell = create(
  remembered('lobby.shell', ['sidebarCollapsed'])(
    (set) => ({
      sidebarCollapsed: false, // wide screens: the sidebar is hidden
      drawerOpen: window.location.pathname.replace(/\/+$/, '') === '/app', // phones: slid over the content
      joinOpen: false,
      createChannel: null, // {serverId, type} while the create-channel modal is open
      toggleSidebar: (phone) =>
        set((state) => (phone ? { drawerOpen: !state.drawerOpen } : { sidebarCollapsed: !state.sidebarCollapsed })),
      closeDrawer: () => set({ drawerOpen: false }),
      openJoin: () => set({ joinOpen: true }),
      closeJoin: () => set({ joinOpen: false }),
      openCreateChannel: (serverId, type) => set({ createChannel: { serverId, type } }),
      closeCreateChannel: () => set({ createChannel: null }),
    }),
  ),
);
