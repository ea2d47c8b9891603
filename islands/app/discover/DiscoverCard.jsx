// One public server in the discovery dialog.
import BadgeCheck from 'lucide-react/icons/badge-check';
import Flame from 'lucide-react/icons/flame';
import Hash from 'lucide-react/icons/hash';
import Users from 'lucide-react/icons/users';
import Volume2 from 'lucide-react/icons/volume-2';
import { formatCount } from '../data/format.js';
import ServerIcon from '../ui/ServerIcon.jsx';
import { t } from '../../lib/i18n.js';

export default function DiscoverCard({ server, onJoin, onOpen, joining }) {
  const member = Boolean(server.myRole);
  const titleId = `discover-${server.id}`;
  return (
    <article className="discover-card" aria-labelledby={titleId}>
      <div className="discover-card__top">
        <ServerIcon server={server} size={52} className="discover-card__icon" />
        <div className="discover-card__badges">
          {(server.isVerified || server.verified) && (
            <span className="badge badge--accent" title={t('Проверенный сервер')}>
              <BadgeCheck size={14} aria-hidden="true" />
              <span className="sr-only">{t('Проверенный сервер')}</span>
            </span>
          )}
          {server.trending && (
            <span className="badge badge--warning">
              <Flame size={13} aria-hidden="true" />
              {t('В тренде')}
            </span>
          )}
        </div>
      </div>
      <h3 className="discover-card__name truncate" id={titleId}>{server.name}</h3>
      <p className="discover-card__description">{server.description || t('Популярное сообщество')}</p>
      <ul className="discover-card__stats">
        <li title={t('Участники')}><Users size={14} aria-hidden="true" />{formatCount(server.memberCount)}</li>
        <li title={t('Каналы')}><Hash size={14} aria-hidden="true" />{server.channelCount ?? '5+'}</li>
        <li><span className="status-dot" aria-hidden="true" />{t('{count} онлайн', { count: formatCount(server.onlineCount) })}</li>
        {server.voiceActive && (
          <li title={t('Идёт голосовой разговор')}><Volume2 size={14} aria-hidden="true" /></li>
        )}
      </ul>
      {member ? (
        <button type="button" className="btn btn-ghost btn-block" onClick={() => onOpen(server)}>{t('Открыть')}</button>
      ) : (
        <button type="button" className="btn btn-primary btn-block" disabled={joining} onClick={() => onJoin(server)}>
          {t('Присоединиться')}
        </button>
      )}
    </article>
  );
}
