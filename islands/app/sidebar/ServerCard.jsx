// One card of 'Ваши серверы': icon, name, description or 'Без описания'.
import Crown from 'lucide-react/icons/crown';
import { Link } from '../router.js';
import ServerIcon from '../ui/ServerIcon.jsx';

export default function ServerCard({ server, to }) {
  return (
    <Link to={to} className="server-card">
      <ServerIcon server={server} size={44} className="server-card__icon" />
      <span className="server-card__text">
        <span className="server-card__name">
          <span className="truncate">{server.name}</span>
          {server.myRole === 'owner' && <Crown size={13} className="server-card__owner" aria-label="Вы владелец" />}
        </span>
        <span className="server-card__description">{server.description || 'Без описания'}</span>
      </span>
    </Link>
  );
}
