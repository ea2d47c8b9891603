// The browse tab of the join modal: search public servers and join one.
import { useState } from 'react';
import LogIn from 'lucide-react/icons/log-in';
import Search from 'lucide-react/icons/search';
import Users from 'lucide-react/icons/users';
import { formatCount } from '../data/format.js';
import { usePublicServers } from '../data/queries.js';
import { useJoinServer } from '../data/useJoinServer.js';
import { navigate, serverPath } from '../router.js';
import EmptyState from '../ui/EmptyState.jsx';
import ServerIcon from '../ui/ServerIcon.jsx';
import Skeleton from '../ui/Skeleton.jsx';
import { useDebounced } from '../ui/useDebounced.js';
import { t } from '../../lib/i18n.js';

export default function PublicBrowse({ onJoined }) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  const { data, isPending } = usePublicServers({ category: 'all', search, sort: 'members' });
  const join = useJoinServer({ onJoined });
  const servers = data?.servers ?? [];
  return (
    <div className="browse">
      <label className="search-box">
        <Search size={16} aria-hidden="true" className="search-box__icon" />
        <span className="sr-only">{t('Поиск серверов')}</span>
        <input type="search" className="field__input search-box__input" placeholder={t('Поиск серверов...')}
          value={text} onChange={(event) => setText(event.target.value)} autoComplete="off" />
      </label>
      <ul className="browse__list" aria-busy={isPending}>
        {isPending && [0, 1, 2, 3].map((n) => (
          <li key={n} className="browse-row" aria-hidden="true">
            <Skeleton width={40} height={40} radius={12} />
            <span className="browse-row__text"><Skeleton width="50%" height={12} /><Skeleton width="30%" height={10} /></span>
          </li>
        ))}
        {servers.map((server) => (
          <li key={server.id} className="browse-row">
            <ServerIcon server={server} size={40} />
            <span className="browse-row__text">
              <span className="browse-row__name truncate">{server.name}</span>
              <span className="browse-row__meta">
                <Users size={12} aria-hidden="true" />
                <span className="truncate">{formatCount(server.memberCount)} · {server.description || t('Популярное сообщество')}</span>
              </span>
            </span>
            {server.myRole ? (
              <button type="button" className="btn btn-ghost btn-sm"
                onClick={() => { onJoined(); navigate(serverPath(server.id)); }}>{t('Открыть')}</button>
            ) : (
              <button type="button" className="btn btn-primary btn-sm" disabled={join.isPending}
                aria-label={t('Присоединиться к {name}', { name: server.name })} onClick={() => join.mutate(server)}>
                <LogIn size={16} aria-hidden="true" className="browse-row__join-icon" />
                <span className="browse-row__join-label">{t('Присоединиться')}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {!isPending && servers.length === 0 && (
        <EmptyState title={t('Серверы не найдены')} text={t('Попробуйте изменить фильтры или поисковый запрос')} />
      )}
    </div>
  );
}
