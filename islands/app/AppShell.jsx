// The /app shell island: top bar, sidebar, the centre for the current route, and the modals.
// Every /app URL renders this page; inside it the router in ./router.js navigates in place.
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createQueryClient } from './data/queryClient.js';
import Centre from './Centre.jsx';
import useLiveAccount from './live/useLiveAccount.js';
import Modals from './Modals.jsx';
import { useRoute } from './router.js';
import { useDiscardOnServerChange } from './data/useDiscardOnServerChange.js';
import Sidebar from './sidebar/Sidebar.jsx';
import { useShell } from './store.js';
import TopBar from './topbar/TopBar.jsx';
import { useIsPhone } from './ui/useMediaQuery.js';

function Layout({ user, csrfToken }) {
  const route = useRoute();
  useDiscardOnServerChange(route.serverId);
  useLiveAccount(user.id);
  const phone = useIsPhone();
  const collapsed = useShell((state) => state.sidebarCollapsed);
  const drawerOpen = useShell((state) => state.drawerOpen);
  const closeDrawer = useShell((state) => state.closeDrawer);
  const sidebarShown = phone ? drawerOpen : !collapsed;
  useEffect(() => {
    if (!phone || !drawerOpen) return undefined;
    const escape = (event) => event.key === 'Escape' && !document.querySelector('dialog[open]') && closeDrawer();
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [phone, drawerOpen, closeDrawer]);
  return (
    <div className={`app${sidebarShown ? ' app--sidebar' : ''}${phone ? ' app--phone' : ''}`}>
      <TopBar user={user} csrfToken={csrfToken} route={route} />
      <div className="app__body">
        <div className="app__sidebar" inert={!sidebarShown || undefined}>
          <Sidebar user={user} route={route} />
        </div>
        {phone && sidebarShown && (
          <button type="button" className="app__scrim" aria-label="Скрыть список серверов" tabIndex={-1}
            onClick={closeDrawer} />
        )}
        <main id="content" className="app__main" tabIndex={-1}>
          <Centre route={route} user={user} />
        </main>
      </div>
      <Modals route={route} />
    </div>
  );
}

export default function AppShell({ user, csrfToken }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Layout user={user} csrfToken={csrfToken} />
    </QueryClientProvider>
  );
}
