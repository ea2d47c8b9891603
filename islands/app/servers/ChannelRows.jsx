// 'Каналы сервера': one row per channel, each opening its channel route.
import ChevronRight from 'lucide-react/icons/chevron-right';
import MessagesSquare from 'lucide-react/icons/messages-square';
import Plus from 'lucide-react/icons/plus';
import { Link, channelPath } from '../router.js';
import { useShell } from '../store.js';
import ChannelIcon from '../ui/ChannelIcon.jsx';
import EmptyState from '../ui/EmptyState.jsx';
import { t } from '../../lib/i18n.js';

export default function ChannelRows({ serverId, channels, canCreate }) {
  const openCreateChannel = useShell((state) => state.openCreateChannel);
  return (
    <section className="card overview-channels" aria-labelledby="overview-channels-title">
      <h2 id="overview-channels-title" className="overview-channels__title">{t('Каналы сервера')}</h2>
      {channels.length === 0 ? (
        <EmptyState icon={MessagesSquare} title={t('На сервере пока нет каналов')}
          text={t('Создайте первый канал для начала общения')}>
          {canCreate && (
            <button type="button" className="btn btn-primary" onClick={() => openCreateChannel(serverId, 'TEXT')}>
              <Plus size={16} aria-hidden="true" />
              {t('Создать канал')}
            </button>
          )}
        </EmptyState>
      ) : (
        <ul className="channel-rows">
          {channels.map((channel) => {
            const voice = channel.type === 'VOICE';
            return (
              <li key={channel.id}>
                <Link to={channelPath(serverId, channel.id)} className="channel-row">
                  <span className={`channel-row__icon${voice ? ' is-voice' : ''}`}>
                    <ChannelIcon type={channel.type} size={18} />
                  </span>
                  <span className="channel-row__text">
                    <span className="channel-row__name truncate">{channel.name}</span>
                    {channel.description && <span className="channel-row__description">{channel.description}</span>}
                  </span>
                  <span className={`badge${voice ? ' badge--voice' : ''}`}>{voice ? t('Голосовой') : t('Текстовый')}</span>
                  <ChevronRight size={16} className="channel-row__chevron" aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
