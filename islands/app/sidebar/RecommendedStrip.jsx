// 'Рекомендации': up to 6 public servers; 'Все' opens the discovery dialog. On an error or an
// empty list the fallback item leads to discovery.
import Compass from 'lucide-react/icons/compass';
import { useRecommended } from '../data/queries.js';
import { Link, serverPath } from '../router.js';
import ServerIcon from '../ui/ServerIcon.jsx';
import Skeleton from '../ui/Skeleton.jsx';
import { t, tc } from '../../lib/i18n.js';

function Item({ to, label, children }) {
  return (
    <li>
      <Link to={to} className="rec-item" title={label}>
        {children}
        <span className="rec-item__name">{label}</span>
      </Link>
    </li>
  );
}

export default function RecommendedStrip() {
  const { data: servers, isPending, isError } = useRecommended();
  const items = isError ? [] : (servers ?? []).slice(0, 6);
  return (
    <section className="sidebar__section rec" aria-labelledby="rec-title">
      <div className="sidebar__heading">
        <h2 id="rec-title">{t('Рекомендации')}</h2>
        <Link to="/app/discover" className="chip-button">{t('Все')}</Link>
      </div>
      <ul className="rec__list" aria-busy={isPending}>
        {isPending && Array.from({ length: 6 }, (_, n) => (
          <li key={n} className="rec-item rec-item--skeleton" aria-hidden="true">
            <Skeleton width={48} height={48} radius={14} />
            <Skeleton width={40} height={8} />
          </li>
        ))}
        {items.map((server) => (
          <Item key={server.id} to={serverPath(server.id)} label={server.name}>
            <ServerIcon server={server} size={48} className="rec-item__icon" />
          </Item>
        ))}
        {!isPending && items.length < 6 && (
          <Item to="/app/discover" label={tc('discover', 'Обзор')}>
            <span className="rec-item__icon rec-item__icon--explore" aria-hidden="true"><Compass size={22} /></span>
          </Item>
        )}
      </ul>
    </section>
  );
}
