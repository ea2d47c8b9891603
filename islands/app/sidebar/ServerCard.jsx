// One card of 'Ваши серверы': icon, name, description or 'Без описания'; a dot on the icon when
// one of its channels has something unread, the red mention count when someone mentioned you. The
// pointer or the focus resting on it fetches the server ahead (rail/prefetch.js).
import Crown from 'lucide-react/icons/crown';
import { countLabel, serverSum, useUnread } from '../data/unread.js';
import { usePrefetchOnRest } from '../rail/prefetch.js';
import { Link } from '../router.js';
import ServerIcon from '../ui/ServerIcon.jsx';
import { unreadWords } from './UnreadBadge.jsx';
import { t } from '../../lib/i18n.js';

export default function ServerCard({ server, to }) {
  const unread = useUnread((state) => serverSum(state.channels, server.id).unread);
  const mentions = useUnread((state) => serverSum(state.channels, server.id).mentions);
  const prefetch = usePrefetchOnRest(server.id);
  return (
    <Link to={to} className={`server-card${unread ? ' is-unread' : ''}`} {...prefetch}>
      <span className="server-card__icon-wrap">
        <ServerIcon server={server} size={44} className="server-card__icon" />
        {mentions > 0 && <span className="server-card__mentions" aria-hidden="true">{countLabel(mentions)}</span>}
        {unread > 0 && !mentions && <span className="server-card__dot" aria-hidden="true" />}
      </span>
      <span className="server-card__text">
        <span className="server-card__name">
          <span className="truncate">{server.name}</span>
          {server.myRole === 'owner' && <Crown size={13} className="server-card__owner" aria-label={t('Вы владелец')} />}
        </span>
        <span className="server-card__description">{server.description || t('Без описания')}</span>
      </span>
      {unread > 0 && (
        <span className="sr-only">{mentions > 0 ? unreadWords(0, mentions) : t('есть непрочитанные сообщения')}</span>
      )}
    </Link>
  );
}
