// The centre column for the current route; the route-bound modals open over it.
import { lazy, Suspense } from 'react';
import ChannelScreen from './channels/ChannelScreen.jsx';
import NotFound from './home/NotFound.jsx';
import Welcome from './home/Welcome.jsx';
import { navigate, serverPath } from './router.js';
import ServerOverview from './servers/ServerOverview.jsx';

const ServerSettingsModal = lazy(() => import('./settings/ServerSettingsModal.jsx'));
const ModerationPanel = lazy(() => import('./moderation/ModerationPanel.jsx'));

export default function Centre({ route, user }) {
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
    case 'settings':
    case 'friends':
      return <NotFound soon />;
    case 'notFound':
      return <NotFound />;
    default: // home, discover, createServer: the welcome screen (the last two with a modal over it)
      return <Welcome />;
  }
}
