// The chat's header (spec "Text chat view"): the channel's name with its Hash icon, 'Общение в
// чате', the connection indicator, the message sound's toggle (lib/sounds.js) and, in a server's
// channel, the server's notification settings (its bell: level and mute, issue 29). A DM shows the
// other person instead: their avatar, name and live status.
import Bell from 'lucide-react/icons/bell';
import BellOff from 'lucide-react/icons/bell-off';
import Hash from 'lucide-react/icons/hash';
import Volume2 from 'lucide-react/icons/volume-2';
import VolumeX from 'lucide-react/icons/volume-x';
import { Suspense, useRef } from 'react';
import { STATUS_LABELS, usePersonStatus } from '../dms/presence.js';
import { levelOf, useServerLevels } from '../notifications/serverLevels.js';
import PersonName from '../ui/PersonName.jsx';
import { pointUnder, useContextMenu } from '../ui/useContextMenu.js';
import Avatar from './Avatar.jsx';
import ConnectionState from './ConnectionState.jsx';
import { formatDateTime } from '../../lib/dateTime.js';
import preloadable from '../../lib/preloadable.jsx';
import { setSoundSettings, useSounds } from '../../lib/sounds.js';
import { t } from '../../lib/i18n.js';

const ServerNotificationsMenu = preloadable(() => import('../notifications/ServerNotificationsMenu.jsx'));
const preloadMenu = () => { ServerNotificationsMenu.preload().catch(() => {}); };

/** The speaker: off mutes the message sound; on makes it heard, notifications (settings) included. */
function toggleMessageSound() {
  const { enabled, types } = useSounds.getState();
  if (enabled && types.message.enabled) setSoundSettings({ types: { message: { enabled: false } } });
  else setSoundSettings({ enabled: true, types: { message: { enabled: true } } });
}

function DmTitles({ person }) {
  const { status, customStatus } = usePersonStatus(person);
  return (
    <>
      <span className="chat-header__person">
        <Avatar author={person} size={32} />
        <span className={`presence-dot presence-dot--${status.toLowerCase()} chat-header__status-dot`} aria-hidden="true" />
      </span>
      <div className="chat-header__titles">
        <h1 id="channel-title" className="chat-header__name"><PersonName person={person} /></h1>
        <p className="chat-header__subtitle">
          {STATUS_LABELS[status] ?? STATUS_LABELS.OFFLINE}
          {customStatus && <span className="chat-header__description"> · {customStatus}</span>}
        </p>
      </div>
    </>
  );
}

const LEVEL_STATE = {
  all: t('Уведомления сервера: все сообщения'),
  mentions: t('Уведомления сервера: только @упоминания'),
  nothing: t('Уведомления сервера: ничего'),
};

function bellState(setting) {
  if (!setting.muted) return { Icon: Bell, label: LEVEL_STATE[setting.level] ?? LEVEL_STATE.mentions };
  const label = setting.mutedUntil
    ? t('Уведомления сервера: без звука до {time}', { time: formatDateTime(setting.mutedUntil, { date: false }) })
    : t('Уведомления сервера: без звука, пока не включите');
  return { Icon: BellOff, label };
}

/** The server's bell: its level and mute at a glance; a click opens their menu. */
function ServerBell({ serverId }) {
  const servers = useServerLevels((state) => state.servers);
  const setting = levelOf(serverId, servers);
  const menu = useContextMenu();
  const button = useRef(null);
  const { Icon, label } = bellState(setting);
  return (
    <>
      <button ref={button} type="button" className={`icon-button chat-header__server-bell${setting.muted ? ' is-muted' : ''}`}
        aria-label={label} title={label} aria-haspopup="menu" aria-expanded={Boolean(menu.at)}
        data-level={setting.level} data-muted={setting.muted} onPointerEnter={preloadMenu} onFocus={preloadMenu}
        onClick={() => (menu.at ? menu.close() : menu.open(pointUnder(button.current), button.current))}>
        <Icon size={18} aria-hidden="true" />
      </button>
      {menu.wanted && (
        <Suspense fallback={null}>
          <ServerNotificationsMenu serverId={serverId} servers={servers} {...menu.props} />
        </Suspense>
      )}
    </>
  );
}

export default function ChatHeader({ channel }) {
  const muted = useSounds((state) => !state.enabled || !state.types.message.enabled);
  const name = channel.name || t('текстовый-канал-{id}', { id: channel.id });
  const person = channel.type === 'DM' ? channel.recipient ?? { id: null, username: name } : null;
  return (
    <header className="chat-header">
      {person ? <DmTitles person={person} /> : (
        <>
          <span className="chat-header__icon" aria-hidden="true"><Hash size={20} /></span>
          <div className="chat-header__titles">
            <h1 id="channel-title" className="chat-header__name">{name}</h1>
            <p className="chat-header__subtitle">
              {t('Общение в чате')}
              {channel.description && <span className="chat-header__description"> · {channel.description}</span>}
            </p>
          </div>
        </>
      )}
      <div className="chat-header__tools">
        <ConnectionState />
        <button type="button" className="icon-button chat-header__mute" onClick={toggleMessageSound} aria-pressed={muted}
          aria-label={muted ? t('Включить звук сообщений') : t('Выключить звук сообщений')}
          title={muted ? t('Включить звук сообщений') : t('Выключить звук сообщений')}>
          {muted ? <VolumeX size={18} aria-hidden="true" /> : <Volume2 size={18} aria-hidden="true" />}
        </button>
        {!person && channel.serverId != null && <ServerBell serverId={channel.serverId} />}
      </div>
    </header>
  );
}
