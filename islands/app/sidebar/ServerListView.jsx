// The server list view: 'Личные сообщения' first (a DM is never further than the rail's home button
// and one click), recommendations, 'Ваши серверы (count)' in the person's own order, create and join.
import LogIn from 'lucide-react/icons/log-in';
import Plus from 'lucide-react/icons/plus';
import { useServers } from '../data/queries.js';
import { Link, serverPath } from '../router.js';
import { useShell } from '../store.js';
import Skeleton from '../ui/Skeleton.jsx';
import DmList from './DmList.jsx';
import RecommendedStrip from './RecommendedStrip.jsx';
import ServerCard from './ServerCard.jsx';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

function CardSkeleton() {
  return (
    <li className="server-card server-card--skeleton" aria-hidden="true">
      <Skeleton width={44} height={44} radius={12} />
      <span className="server-card__text">
        <Skeleton width="60%" height={12} />
        <Skeleton width="85%" height={10} />
      </span>
    </li>
  );
}

export default function ServerListView() {
  const { data: servers, isPending, isError } = useServers();
  const openJoin = useShell((state) => state.openJoin);
  return (
    <div className="sidebar__pane sidebar__pane--list">
      <DmList />
      <RecommendedStrip />
      <section className="sidebar__section" aria-labelledby="my-servers-title">
        <div className="sidebar__heading">
          <h2 id="my-servers-title">{t('Ваши серверы ({n})', { n: servers?.length ?? 0 })}</h2>
        </div>
        {isError && <p className="sidebar__note" role="alert">{t('Не удалось загрузить серверы')}</p>}
        <ul className="server-grid" aria-busy={isPending}>
          {isPending && [0, 1, 2].map((n) => <CardSkeleton key={n} />)}
          {servers?.map((server) => (
            <li key={server.id}>
              <ServerCard server={server} to={serverPath(server.id)} />
            </li>
          ))}
          <li>
            <Link to="/app/create-server" className="server-card server-card--create">
              <span className="server-card__plus" aria-hidden="true"><Plus size={22} /></span>
              <span className="server-card__text">
                <span className="server-card__name">{t('Создать сервер')}</span>
                <span className="server-card__description">{t('Начните новое сообщество')}</span>
              </span>
            </Link>
          </li>
          <li>
            <button type="button" className="server-card server-card--create" onClick={openJoin}>
              <span className="server-card__plus" aria-hidden="true"><LogIn size={20} /></span>
              <span className="server-card__text">
                <span className="server-card__name">{t('Присоединиться')}</span>
                <span className="server-card__description">{t('По коду или из списка')}</span>
              </span>
            </button>
          </li>
        </ul>
      </section>
    </div>
  );
}
