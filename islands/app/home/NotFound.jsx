// Unknown paths under /app, and the sections linked from menus that are not built yet.
import { Link } from '../router.js';
import EmptyState from '../ui/EmptyState.jsx';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

export default function NotFound({ soon = false }) {
  return (
    <div className="page page--center">
      <EmptyState title={soon ? t('Раздел скоро появится') : 'Not Found'}
        text={soon ? t('Эта часть Lobby появится в следующем обновлении.') : t('Такой страницы нет.')}>
        <Link to="/app" className="btn btn-ghost">{t('Вернуться к серверам')}</Link>
      </EmptyState>
    </div>
  );
}
