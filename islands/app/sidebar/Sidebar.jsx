// The left column (spec "Sidebar"): the server list, or the active server's channels slid in.
import { Suspense, useEffect } from 'react';
import preloadable from '../../lib/preloadable.jsx';
import { isSignedOut, useSessionPhase } from '../../lib/sessionPhase.js';
import { appQueryClient } from '../data/queryClient.js';
import { keys } from '../data/queries.js';
import ChannelView, { SidebarJoin } from './ChannelView.jsx';
import { t } from '../../lib/i18n.js';

// The server list (with the DM list and the recommendations) is not in a channel page's first
// load: a page that opens on it loads it before the island mounts (`prepareSidebar`); any other
// page loads it once the page has settled, so that going back to the list shows it at once.
const ServerListView = preloadable(() => import('./ServerListView.jsx'));
const AFTER_LOAD_MS = 2000;

/** Loads the code of the view `route` shows, so that the island's first render needs no fallback:
 * the list, or the join button of a server the page shows to someone not in it. */
export function prepareSidebar(route) {
  if (route.serverId == null) return ServerListView.preload();
  const seeded = appQueryClient().getQueryData(keys.server(route.serverId))?.server;
  return seeded && !seeded.myRole ? SidebarJoin.preload() : Promise.resolve();
}

export default function Sidebar({ user, route }) {
  const { serverId, channelId } = route;
  const signedOut = isSignedOut(useSessionPhase());
  useEffect(() => {
    const timer = setTimeout(() => ServerListView.preload().catch(() => {}), AFTER_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  // The sign-in ended under the page (refused refresh): no list is true any more, until it leaves.
  if (signedOut) {
    return (
      <nav id="app-sidebar" className="sidebar" aria-label={t('Серверы')}>
        <p className="sidebar__signed-out">{t('Войдите для просмотра серверов')}</p>
      </nav>
    );
  }
  return (
    <nav id="app-sidebar" className="sidebar" aria-label={serverId == null ? t('Серверы') : t('Каналы')}>
      {serverId == null ? (
        <Suspense fallback={null}><ServerListView key="list" /></Suspense>
      ) : (
        <ChannelView key={serverId} user={user} serverId={serverId} channelId={channelId} />
      )}
    </nav>
  );
}
