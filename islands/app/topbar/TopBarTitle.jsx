// The left of the top bar: 'Lobby' at home, else the active server and channel with its type icon.
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Link, serverPath } from '../router.js';
import { isMember, useChannels, useServer } from '../data/queries.js';
import ChannelIcon from '../ui/ChannelIcon.jsx';
import ServerIcon from '../ui/ServerIcon.jsx';
import { t } from '../../lib/i18n.js';

function Brand() {
  return (
    <Link to="/app" className="app-topbar__brand">
      <img src="/static/img/logo.svg" alt="" width="22" height="22" />
      <span>Lobby</span>
    </Link>
  );
}

export default function TopBarTitle({ route }) {
  const { serverId, channelId } = route;
  const { data: server, isError } = useServer(serverId ?? null);
  const { data: channels } = useChannels(serverId ?? null, isMember(server));
  if (serverId == null || isError) return <div className="app-topbar__title"><Brand /></div>;
  const channel = channelId != null ? channels?.find((item) => item.id === channelId) : null;
  return (
    <nav className="app-topbar__title" aria-label={t('Где вы')}>
      <Link to={serverPath(serverId)} className="app-topbar__server">
        <ServerIcon server={server} size={24} />
        {/* Spec 001 "Sidebar": 'Сервер #id' while the server's name is not known yet. */}
        <span className="truncate">{server?.name ?? t('Сервер #{id}', { id: serverId })}</span>
      </Link>
      {channel && (
        <>
          <ChevronRight size={16} className="app-topbar__sep" aria-hidden="true" />
          <span className="app-topbar__channel" aria-current="page">
            <ChannelIcon type={channel.type} size={18} />
            <span className="truncate">{channel.name}</span>
          </span>
        </>
      )}
    </nav>
  );
}
