// The server rail (DESIGN.md "Layout of /app"): home with the unread DM count, the person's
// servers in their own order (unread pills, mention counts, drag or keyboard to reorder), then
// 'Создать сервер' and 'Найти сервер'; the name of each in a tooltip. Always at the far left; on a
// phone it slides in with the sidebar (the frame's drawer, AppShell.jsx). The sortable part
// (dnd-kit) is not first-load code: it comes once the page has settled, or as soon as the pointer
// or the focus enters the rail (./sortable.js); until then the icons are plain links.
import Compass from 'lucide-react/icons/compass';
import Plus from 'lucide-react/icons/plus';
import { useEffect } from 'react';
import { isSignedOut, useSessionPhase } from '../../lib/sessionPhase.js';
import { useServers } from '../data/queries.js';
import { Link } from '../router.js';
import Skeleton from '../ui/Skeleton.jsx';
import RailHome from './RailHome.jsx';
import RailServer from './RailServer.jsx';
import RailTooltip, { tooltipFor } from './RailTooltip.jsx';
import { loadSortable, useSortableCode } from './sortable.js';
import { t } from '../../lib/i18n.js';

const HOME_ROUTES = new Set(['home', 'friends']);
const AFTER_LOAD_MS = 2000;

function RailAction({ to, label, icon: Icon }) {
  return (
    <li className="rail-item rail-item--action">
      <Link to={to} className="rail-item__button" aria-label={label} draggable={false} {...tooltipFor(label)}>
        <Icon size={22} aria-hidden="true" />
      </Link>
    </li>
  );
}

function Servers({ route, userId }) {
  const { data: servers, isPending } = useServers();
  const Sortable = useSortableCode((state) => state.Sortable);
  if (isPending) {
    return (
      <ul className="rail__list rail__servers" aria-busy="true">
        {[0, 1, 2].map((n) => <li key={n} className="rail-item" aria-hidden="true"><Skeleton width={48} height={48} radius={24} /></li>)}
      </ul>
    );
  }
  if (Sortable) return <Sortable servers={servers ?? []} activeId={route.serverId} userId={userId} />;
  return (
    <ul className="rail__list rail__servers" aria-label={t('Ваши серверы')}>
      {(servers ?? []).map((server) => <RailServer key={server.id} server={server} active={server.id === route.serverId} userId={userId} />)}
    </ul>
  );
}

export default function Rail({ route, logo, userId }) {
  const signedOut = isSignedOut(useSessionPhase());
  useEffect(() => {
    const timer = setTimeout(loadSortable, AFTER_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <nav className="rail" aria-label={t('Панель серверов')} onPointerEnter={loadSortable} onFocus={loadSortable}>
      <ul className="rail__list">
        <RailHome active={HOME_ROUTES.has(route.name)} logo={logo} />
        <li className="rail__divider" aria-hidden="true" />
      </ul>
      {!signedOut && <Servers route={route} userId={userId} />}
      <ul className="rail__list">
        <RailAction to="/app/create-server" label={t('Создать сервер')} icon={Plus} />
        <RailAction to="/app/discover" label={t('Найти сервер')} icon={Compass} />
      </ul>
      <RailTooltip />
    </nav>
  );
}
