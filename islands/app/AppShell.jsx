// The `app-shell` island: what belongs to the page, not to a region — the live socket held from
// sign-in on, the guard (while the first access token comes, or when the sign-in is over), the frame's layout (sidebar shown or hidden, the phone drawer and its scrim), and
// the shell's modals. The regions are islands of their own (./regions); all of them share one
// QueryClient, router, store and socket. main.jsx mounts this one last, so once it is mounted
// every region has mounted too.
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import AuthGuard from './AuthGuard.jsx';
import useLiveAccount from './live/useLiveAccount.js';
import useLiveFriends from './live/useLiveFriends.js';
import useLiveNotifications from './live/useLiveNotifications.js';
import useLiveServers from './live/useLiveServers.js';
import useLiveStructure from './live/useLiveStructure.js';
import useLiveUnread from './live/useLiveUnread.js';
import MembersHost from './members/MembersHost.jsx';
import Modals from './Modals.jsx';
import Region from './regions/Region.jsx';
import { useRoute } from './router.js';
import useStartupChannel from './startup.js';
import { useShell } from './store.js';
import { useIsPhone } from './ui/useMediaQuery.js';
import { t } from '../lib/i18n.js';

const frame = () => document.querySelector('.app');

/** The server-rendered frame follows the shell store: sidebar shown or hidden, phone or not. */
function useFrameLayout() {
  const phone = useIsPhone();
  const collapsed = useShell((state) => state.sidebarCollapsed);
  const drawerOpen = useShell((state) => state.drawerOpen);
  const closeDrawer = useShell((state) => state.closeDrawer);
  const sidebarShown = phone ? drawerOpen : !collapsed;
  useEffect(() => {
    const app = frame();
    if (!app) return;
    app.classList.remove('app--frame'); // the sidebar may slide from now on
    app.classList.toggle('app--sidebar', sidebarShown);
    app.classList.toggle('app--phone', phone);
    app.querySelector('.app__sidebar')?.toggleAttribute('inert', !sidebarShown);
    app.querySelector('.app__rail')?.toggleAttribute('inert', phone && !sidebarShown); // a phone's drawer holds both
  }, [sidebarShown, phone]);
  useEffect(() => {
    if (!phone || !drawerOpen) return undefined;
    const escape = (event) => event.key === 'Escape' && !document.querySelector('dialog[open]') && closeDrawer();
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [phone, drawerOpen, closeDrawer]);
  return phone && sidebarShown;
}

function Shell({ user }) {
  const route = useRoute();
  useLiveAccount(user.id);
  useLiveFriends(user.id);
  useLiveNotifications(user.id);
  useLiveStructure(user.id);
  useLiveServers();
  useLiveUnread(user.id);
  useStartupChannel(user.id);
  const scrim = useFrameLayout();
  const closeDrawer = useShell((state) => state.closeDrawer);
  const body = frame()?.querySelector('.app__body');
  return (
    <>
      {scrim && body && createPortal(
        <button type="button" className="app__scrim" aria-label={t('Скрыть список серверов')} tabIndex={-1}
          onClick={closeDrawer} />,
        body,
      )}
      <Modals route={route} />
      <MembersHost route={route} user={user} />
      <AuthGuard />
    </>
  );
}

export default function AppShell({ user }) {
  return <Region><Shell user={user} /></Region>;
}
