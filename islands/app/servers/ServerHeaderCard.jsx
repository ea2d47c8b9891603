// The overview's header: icon, name, description, counts; 'Пригласить людей' and the settings
// (read-only but for the owner) for members, join for a visitor of a public server.
import Globe from 'lucide-react/icons/globe';
import Hash from 'lucide-react/icons/hash';
import Lock from 'lucide-react/icons/lock';
import LogIn from 'lucide-react/icons/log-in';
import Settings from 'lucide-react/icons/settings';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
import { lazy, Suspense, useState } from 'react';
import { formatCount } from '../data/format.js';
import { useJoinServer } from '../data/useJoinServer.js';
import { Link, serverPath } from '../router.js';
import ServerIcon from '../ui/ServerIcon.jsx';
import { t, tp } from '../../lib/i18n.js';

const InviteDialog = lazy(() => import('./InviteDialog.jsx'));

export default function ServerHeaderCard({ server, member }) {
  const join = useJoinServer();
  const [inviting, setInviting] = useState(false);
  // The dialog beside the card, not inside it: the card clips what overflows it.
  return (
    <>
      <Header server={server} member={member} join={join} invite={() => setInviting(true)} />
      {inviting && <Suspense fallback={null}><InviteDialog server={server} onClose={() => setInviting(false)} /></Suspense>}
    </>
  );
}

function Header({ server, member, join, invite }) {
  const members = server.memberCount ?? 0;
  const channels = server.channelCount ?? 0;
  return (
    <section className="card overview-header" aria-labelledby="overview-title">
      <ServerIcon server={server} size={80} className="overview-header__icon" />
      <div className="overview-header__text">
        <h1 id="overview-title" className="overview-header__name">{server.name}</h1>
        <p className="overview-header__description">{server.description || t('Добро пожаловать на сервер!')}</p>
        <ul className="overview-header__meta">
          <li><Users size={14} aria-hidden="true" />
            {tp('{count} участник|{count} участника|{count} участников', members, { count: formatCount(members) })}
          </li>
          <li><Hash size={14} aria-hidden="true" />{tp('{n} канал|{n} канала|{n} каналов', channels)}</li>
          <li>
            {server.isPublic ? <Globe size={14} aria-hidden="true" /> : <Lock size={14} aria-hidden="true" />}
            {server.isPublic ? t('Публичный') : t('Приватный')}
          </li>
        </ul>
      </div>
      <div className="overview-header__actions">
        {member && server.inviteCode && (
          <button type="button" className="btn btn-primary" onClick={invite}>
            <UserPlus size={16} aria-hidden="true" />
            {t('Пригласить людей')}
          </button>
        )}
        {member && (
          <Link to={`${serverPath(server.id)}/settings`} className="btn btn-ghost">
            <Settings size={16} aria-hidden="true" />
            {t('Настройки')}
          </Link>
        )}
        {!member && (
          <button type="button" className="btn btn-primary" disabled={join.isPending} onClick={() => join.mutate(server)}>
            <LogIn size={16} aria-hidden="true" />
            {t('Присоединиться')}
          </button>
        )}
      </div>
    </section>
  );
}
