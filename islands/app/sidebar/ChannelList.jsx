// 'Текстовые каналы' or 'Голосовые каналы': links to the channels, the active one marked, the
// unread ones bold with their count or mentions (data/unread.js), and for owners and moderators the
// create button and each row's menu (ChannelMenu.jsx: rename, move, delete). Under a voice channel,
// an empty place voice/VoicePanel.jsx fills with who is in it. A voice channel joins in one click, as
// in Discord, and opens its view (opened any other way, the view still asks with its connect button).
import { useQueryClient } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import { useUnread } from '../data/unread.js';
import { Link, channelPath } from '../router.js';
import { useShell } from '../store.js';
import ChannelIcon from '../ui/ChannelIcon.jsx';
import Skeleton from '../ui/Skeleton.jsx';
import ChannelMenuButton from './ChannelMenuButton.jsx';
import UnreadBadge from './UnreadBadge.jsx';
import { useDeveloperMode } from '../ui/useDeveloperMode.js';
import { t } from '../../lib/i18n.js';

const plainLeftClick = (event) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** A plain click on a voice channel's row: its seat is taken too (voice's code is loaded by then, with the voice panel). */
function joinOnClick(event, channel, serverId) {
  if (event.defaultPrevented || !plainLeftClick(event)) return; // a new tab only shows the channel
  import('../voice/session.js')
    .then(({ joinVoice }) => joinVoice({ id: channel.id, name: channel.name, serverId, dm: false }))
    .catch((error) => console.warn('voice: could not join from the sidebar', error));
}

export default function ChannelList({ title, type, serverId, channels, activeId, loading, canCreate, placeholder }) {
  const openCreateChannel = useShell((state) => state.openCreateChannel);
  const closeDrawer = useShell((state) => state.closeDrawer);
  const unread = useUnread((state) => state.channels);
  const queryClient = useQueryClient();
  const manage = canCreate && !placeholder;
  const developer = useDeveloperMode() && !placeholder; // a menu with 'Копировать ID' for everyone
  const headingId = `channels-${type.toLowerCase()}`;
  return (
    <section className="channel-list" aria-labelledby={headingId}>
      <div className="channel-list__heading">
        <h3 id={headingId}>{title}</h3>
        {canCreate && (
          <button type="button" className="icon-button icon-button--sm" title={t('Создать канал')}
            aria-label={type === 'VOICE' ? t('Создать голосовой канал') : t('Создать текстовый канал')}
            onClick={() => openCreateChannel(serverId, type)}>
            <Plus size={16} aria-hidden="true" />
          </button>
        )}
      </div>
      <ul className="channel-list__items">
        {loading && [0, 1].map((n) => (
          <li key={n} className="channel-link channel-link--skeleton" aria-hidden="true">
            <Skeleton width={16} height={16} radius={4} />
            <Skeleton width={`${60 - n * 15}%`} height={10} />
          </li>
        ))}
        {!loading && channels.map((channel, index) => {
          const active = channel.id === activeId;
          const entry = active ? null : unread[channel.id];
          const bold = entry && (entry.unread > 0 || entry.mentions > 0);
          return (
            <li key={channel.id} className={manage || developer ? 'channel-entry channel-entry--managed' : 'channel-entry'}>
              {placeholder ? (
                <span className="channel-link channel-link--placeholder" aria-disabled="true">
                  <ChannelIcon type={channel.type} size={18} />
                  <span className="truncate">{channel.name}</span>
                </span>
              ) : (
                <Link to={channelPath(serverId, channel.id)}
                  onClick={(event) => {
                    closeDrawer();
                    if (channel.type === 'VOICE') joinOnClick(event, channel, serverId);
                  }}
                  className={`channel-link${active ? ' is-active' : ''}${bold ? ' is-unread' : ''}`}
                  aria-current={active ? 'page' : undefined}>
                  <ChannelIcon type={channel.type} size={18} />
                  <span className="truncate">{channel.name}</span>
                  {bold && <UnreadBadge unread={entry.unread} mentions={entry.mentions} />}
                </Link>
              )}
              {!placeholder && ( // the context menu for everyone; its button for managers and developers
                <ChannelMenuButton queryClient={queryClient} channel={channel} index={index} count={channels.length}
                  manage={manage} developer={developer} button={manage || developer} />
              )}
              {type === 'VOICE' && <div data-voice-roster={channel.id} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
