// The channel view of the sidebar: back to the list, the server header, text and voice channels,
// the owner's and moderators' buttons, and 'Копировать ID' of the server in developer mode.
import ArrowLeft from 'lucide-react/icons/arrow-left';
import IdCard from 'lucide-react/icons/id-card';
import ServerOff from 'lucide-react/icons/server-off';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Suspense } from 'react';
import { canManageChannels, isMember, useChannels, useServer } from '../data/queries.js';
import { Link, serverPath } from '../router.js';
import ServerIcon from '../ui/ServerIcon.jsx';
import Skeleton from '../ui/Skeleton.jsx';
import { useDeveloperMode } from '../ui/useDeveloperMode.js';
import { copyId } from '../../lib/clipboard.js';
import preloadable from '../../lib/preloadable.jsx';
import ChannelList from './ChannelList.jsx';
import { t } from '../../lib/i18n.js';

/** The join button of a server the user is not in: its code loads when one is shown (see Sidebar.jsx). */
export const SidebarJoin = preloadable(() => import('./SidebarJoin.jsx'));

// Spec: a server without channels shows these three, not clickable.
const PLACEHOLDERS = [
  { id: 'p1', name: t('общий'), type: 'TEXT' },
  { id: 'p2', name: t('игры'), type: 'TEXT' },
  { id: 'p3', name: t('голосовой'), type: 'VOICE' },
];

function Header({ serverId, server, isPending, notFound }) {
  return (
    <div className="channel-view__header">
      <Link to="/app" className="back-button">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('Все серверы')}
      </Link>
      <div className="channel-view__server">
        {isPending && <Skeleton width={40} height={40} radius={12} />}
        {!isPending && (notFound
          ? <span className="channel-view__missing" aria-hidden="true"><ServerOff size={20} /></span>
          : <ServerIcon server={server} size={40} />)}
        <div className="channel-view__titles">
          {isPending ? (
            <>
              <Skeleton width="70%" height={14} />
              <Skeleton width="90%" height={10} />
            </>
          ) : (
            <>
              <h2 className="channel-view__name truncate">
                {/* Spec 001 "Sidebar": 'Сервер #id' when the server could not be read (its name unknown). */}
                {notFound ? t('Сервер не найден') : server?.name ?? t('Сервер #{id}', { id: serverId })}
              </h2>
              {!notFound && (
                <p className="channel-view__description">{server?.description || t('Выберите канал для общения')}</p>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export default function ChannelView({ user, serverId, channelId }) {
  const serverQuery = useServer(serverId);
  const server = serverQuery.data;
  const member = isMember(server);
  const channelsQuery = useChannels(serverId, member);
  const channels = channelsQuery.data ?? [];
  const notFound = serverQuery.error?.status === 404;
  const loadingChannels = serverQuery.isPending || (member && channelsQuery.isPending);
  const shown = !loadingChannels && channels.length === 0 ? PLACEHOLDERS : channels;
  const manage = canManageChannels(server);
  const owner = server && server.ownerId === user.id;
  const developer = useDeveloperMode() && Boolean(server);

  return (
    <div className="sidebar__pane sidebar__pane--channels">
      <Header serverId={serverId} server={server} isPending={serverQuery.isPending} notFound={notFound} />
      <div className="channel-view__lists">
        {server && !member && <Suspense fallback={null}><SidebarJoin server={server} /></Suspense>}
        {(member || serverQuery.isPending) && (
          <>
            <ChannelList title={t('Текстовые каналы')} type="TEXT" serverId={serverId} activeId={channelId}
              channels={shown.filter((channel) => channel.type !== 'VOICE')} loading={loadingChannels}
              canCreate={manage} placeholder={shown === PLACEHOLDERS} />
            <ChannelList title={t('Голосовые каналы')} type="VOICE" serverId={serverId} activeId={channelId}
              channels={shown.filter((channel) => channel.type === 'VOICE')} loading={loadingChannels}
              canCreate={manage} placeholder={shown === PLACEHOLDERS} />
          </>
        )}
      </div>
      {/* Moderators moderate (kick, ban, time out, reports, the log); only the owner changes the settings. */}
      {(manage || developer) && (
        <div className="channel-view__footer">
          {owner && (
            <Link to={`${serverPath(serverId)}/settings`} className="sidebar-button">
              <Settings size={16} aria-hidden="true" />
              {t('Настройки сервера')}
            </Link>
          )}
          {manage && (
            <Link to={`${serverPath(serverId)}/admin`} className="sidebar-button">
              <ShieldCheck size={16} aria-hidden="true" />
              {t('Модерация')}
            </Link>
          )}
          {developer && (
            <button type="button" className="sidebar-button" onClick={() => copyId(serverId)}>
              <IdCard size={16} aria-hidden="true" />
              {t('Копировать ID сервера')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
