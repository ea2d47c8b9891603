// 'Текстовые каналы' or 'Голосовые каналы': links to the channels, the active one marked, the
// unread ones bold with their count or mentions (data/unread.js), and for owners and moderators the
// create button and each row's menu (ChannelMenu.jsx: rename, move, delete). Under a voice channel,
// an empty place voice/VoicePanel.jsx fills with who is in it.
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
                <Link to={channelPath(serverId, channel.id)} onClick={closeDrawer}
                  className={`channel-link${active ? ' is-active' : ''}${bold ? ' is-unread' : ''}`}
                  aria-current={active ? 'page' : undefined}>
                  <ChannelIcon type={channel.type} size={18} />
                  <span className="truncate">{channel.name}</span>
                  {bold && <UnreadBadge unread={entry.unread} mentions={entry.mentions} />}
                </Link>
              )}
              {(manage || developer) && (
                <ChannelMenuButton queryClient={queryClient} channel={channel} index={index} count={channels.length}
                  manage={manage} developer={developer} />
              )}
              {type === 'VOICE' && <div data-voice-roster={channel.id} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
