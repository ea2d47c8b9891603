// The /app index (spec: choose a server from the list on the left to start chatting).
import Compass from 'lucide-react/icons/compass';
import Plus from 'lucide-react/icons/plus';
import { Link } from '../router.js';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

export default function Welcome() {
  return (
    <div className="page page--center">
      <section className="welcome app-welcome">
        <h1 className="welcome__title">{t('Добро пожаловать в Lobby!')}</h1>
        <p className="welcome__text">{t('Выберите сервер из списка слева, чтобы начать общение.')}</p>
        <div className="app-welcome__actions">
          <Link to="/app/discover" className="btn btn-primary">
            <Compass size={16} aria-hidden="true" />
            {t('Найти сервер')}
          </Link>
          <Link to="/app/create-server" className="btn btn-ghost">
            <Plus size={16} aria-hidden="true" />
            {t('Создать сервер')}
          </Link>
        </div>
      </section>
    </div>
  );
}
