// The channel view of the sidebar: back to the list, the server header with the server's menu
// (../servers/ServerMenu.jsx: invite, settings, moderation, leave), text and voice channels, the
// members' and moderators' buttons, and 'Копировать ID' of the server in developer mode.
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ChevronDown from 'lucide-react/icons/chevron-down';
import IdCard from 'lucide-react/icons/id-card';
import ServerOff from 'lucide-react/icons/server-off';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { lazy, Suspense, useRef } from 'react';
import { canManageChannels, isMember, useChannels, useServer } from '../data/queries.js';
import { Link, serverPath } from '../router.js';
import ServerIcon from '../ui/ServerIcon.jsx';
import Skeleton from '../ui/Skeleton.jsx';
import { useDeveloperMode } from '../ui/useDeveloperMode.js';
import { pointUnder, useContextMenu } from '../ui/useContextMenu.js';
import { copyId } from '../../lib/clipboard.js';
import preloadable from '../../lib/preloadable.jsx';
import ChannelList from './ChannelList.jsx';
import { t } from '../../lib/i18n.js';

/** The join button of a server the user is not in: its code loads when one is shown (see Sidebar.jsx). */
export const SidebarJoin = preloadable(() => import('./SidebarJoin.jsx'));
// The server's menu (invite, settings, moderation, leave): its code loads when first opened.
const ServerMenu = lazy(() => import('../servers/ServerMenu.jsx'));

// Spec: a server without channels shows these three, not clickable.
const PLACEHOLDERS = [
  { id: 'p1', name: t('общий'), type: 'TEXT' },
  { id: 'p2', name: t('игры'), type: 'TEXT' },
  { id: 'p3', name: t('голосовой'), type: 'VOICE' },
];

function MenuButton({ menu, server }) {
  const button = useRef(null);
  const label = t('Меню сервера {name}', { name: server.name });
  return (
    <button ref={button} type="button" className="icon-button icon-button--sm channel-view__menu" aria-label={label}
      title={label} aria-haspopup="menu" aria-expanded={Boolean(menu.at)}
      onClick={() => (menu.at ? menu.close() : menu.open(pointUnder(button.current), button.current))}>
      <ChevronDown size={18} aria-hidden="true" />
    </button>
  );
}

/** A member's header opens the server's menu: by its button, a right click or long press, or the Menu key. */
function Header({ serverId, server, isPending, notFound, owner, developer }) {
  const member = isMember(server);
  const menu = useContextMenu({ disabled: !member });
  return (
    <div className="channel-view__header" {...menu.bind}>
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
        {member && <MenuButton menu={menu} server={server} />}
      </div>
      {menu.wanted && member && (
        <Suspense fallback={null}>
          <ServerMenu {...menu.props} server={server} owner={owner} developer={developer} />
        </Suspense>
      )}
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
      <Header serverId={serverId} server={server} isPending={serverQuery.isPending} notFound={notFound} owner={owner}
        developer={developer} />
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
      {/* Every member sees the settings (read-only but for the owner, who alone changes them);
          moderators moderate (kick, ban, time out, reports, the log). */}
      {(member || developer) && (
        <div className="channel-view__footer">
          {member && (
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
