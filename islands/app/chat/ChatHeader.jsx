// The chat's header (spec "Text chat view"): the channel's name with its Hash icon, 'Общение в
// чате', the connection indicator and the message sound's toggle (lib/sounds.js). A DM shows the
// other person instead: their avatar, name and live status.
import Bell from 'lucide-react/icons/bell';
import BellOff from 'lucide-react/icons/bell-off';
import Hash from 'lucide-react/icons/hash';
import { STATUS_LABELS, usePersonStatus } from '../dms/presence.js';
import Avatar from './Avatar.jsx';
import ConnectionState from './ConnectionState.jsx';
import { setSoundSettings, useSounds } from '../../lib/sounds.js';
import { t } from '../../lib/i18n.js';

/** The bell: off mutes the message sound; on makes it heard, notifications (settings) included. */
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
        <h1 id="channel-title" className="chat-header__name">{person.username}</h1>
        <p className="chat-header__subtitle">
          {STATUS_LABELS[status] ?? STATUS_LABELS.OFFLINE}
          {customStatus && <span className="chat-header__description"> · {customStatus}</span>}
        </p>
      </div>
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
          {muted ? <BellOff size={18} aria-hidden="true" /> : <Bell size={18} aria-hidden="true" />}
        </button>
      </div>
    </header>
  );
}
