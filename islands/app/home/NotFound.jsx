// Unknown paths under /app, and the sections linked from menus that are not built yet.
import { Link } from '../router.js';
import EmptyState from '../ui/EmptyState.jsx';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

export default function NotFound({ soon = false }) {
  return (
    <div className="page page--center">
      <EmptyState title={soon ? 'Раздел скоро появится' : 'Not Found'}
        text={soon ? 'Эта часть Lobby появится в следующем обновлении.' : 'Такой страницы нет.'}>
        <Link to="/app" className="btn btn-ghost">Вернуться к серверам</Link>
      </EmptyState>
    </div>
  );
}
