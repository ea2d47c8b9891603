// The centre column for the current route; the route-bound modals open over it. Only the channel
// screen is in the first load: the others load when their route is first shown (before the island
// mounts when the page opens on them, see `prepareScreen`).
import { lazy, Suspense } from 'react';
import { RouteBoundary } from '../lib/ErrorBoundary.jsx';
import preloadable from '../lib/preloadable.jsx';
import ChannelScreen from './channels/ChannelScreen.jsx';
import { navigate, serverPath } from './router.js';
import { loadLater } from './loadLater.js';

const ServerOverview = preloadable(() => import('./servers/ServerOverview.jsx'));
const FriendsScreen = preloadable(() => import('./friends/FriendsScreen.jsx'));
const DmConversation = preloadable(() => import('./dms/DmConversation.jsx'));
const NotFound = preloadable(() => import('./home/NotFound.jsx'));
const Welcome = preloadable(() => import('./home/Welcome.jsx'));
const ServerSettingsModal = lazy(loadLater('ServerSettingsModal'));
const ModerationPanel = lazy(loadLater('ModerationPanel'));

const SCREENS = {
  server: ServerOverview,
  serverSettings: ServerOverview,
  serverAdmin: ServerOverview,
  friends: FriendsScreen,
  notFound: NotFound,
};

/** Loads the code of the screen `route` shows, so that its first render needs no fallback. */
export function prepareScreen(route) {
  if (route.name === 'channel') return Promise.resolve();
  if (route.name === 'friends' && route.dm != null) return DmConversation.preload();
  return (SCREENS[route.name] ?? Welcome).preload();
}

function Screen({ route, user }) {
  const { name, serverId, channelId } = route;
  const back = () => navigate(serverPath(serverId));
  switch (name) {
    case 'server':
      return <ServerOverview key={serverId} serverId={serverId} user={user} />;
    case 'serverSettings':
    case 'serverAdmin':
      return (
        <>
          <ServerOverview key={serverId} serverId={serverId} user={user} />
          <Suspense fallback={null}>
            {name === 'serverSettings'
              ? <ServerSettingsModal serverId={serverId} onClose={back} />
              : <ModerationPanel serverId={serverId} onClose={back} />}
          </Suspense>
        </>
      );
    case 'channel':
      return <ChannelScreen key={`${serverId}-${channelId}`} serverId={serverId} channelId={channelId} />;
    case 'friends': // also /friends and /gaming; ?dm={userId} opens that conversation in place
      return route.dm != null
        ? <DmConversation key={route.dm} userId={route.dm} />
        : <FriendsScreen user={user} />;
    case 'notFound':
      return <NotFound />;
    default: // home, discover, createServer, settings: the welcome screen (the others with a dialog over it)
      return <Welcome />;
  }
}

export default function Centre({ route, user }) {
  // A screen that fails to render shows the router's fallback; the next route starts afresh.
  const screen = route.name.startsWith('server') ? 'server' : route.name; // its dialogs open over the overview
  const where = [screen, route.serverId, route.channelId, route.dm].join('/');
  return (
    <RouteBoundary key={where}>
      <Suspense fallback={null}><Screen route={route} user={user} /></Suspense>
    </RouteBoundary>
  );
}
