// The left column (spec "Sidebar"): the server list, or the active server's channels slid in.
import ChannelView from './ChannelView.jsx';
import ServerListView from './ServerListView.jsx';

export default function Sidebar({ user, route }) {
  const { serverId, channelId } = route;
  return (
    <nav id="app-sidebar" className="sidebar" aria-label={serverId == null ? 'Серверы' : 'Каналы'}>
      {serverId == null ? (
        <ServerListView key="list" />
      ) : (
        <ChannelView key={serverId} user={user} serverId={serverId} channelId={channelId} />
      )}
    </nav>
  );
}
