// One member in the drawer: picture with the status dot, the name (a crown for the owner), and
// the custom status under it. A click opens their profile card.
import Crown from 'lucide-react/icons/crown';
import PersonAvatar from '../friends/PersonAvatar.jsx';
import { presence } from '../moderation/labels.js';
import { memberName } from './groups.js';

export default function MemberRow({ member, selected, onOpen }) {
  const { user, role } = member;
  const name = memberName(user);
  const { kind, label } = presence(user.status);
  return (
    <li>
      <button type="button" className={`member-row member-row--${kind}`} data-user-id={user.id}
        data-username={user.username} data-status={kind} aria-haspopup="dialog" aria-expanded={selected}
        onClick={(event) => onOpen(member, event.currentTarget)}>
        <PersonAvatar person={user} status={user.status} size={32} />
        <span className="member-row__text">
          <span className="member-row__name truncate">
            {name}
            {role === 'owner' && <Crown size={14} className="member-row__crown" aria-hidden="true" />}
            <span className="sr-only">, {label}</span>
          </span>
          {user.customStatus && <span className="member-row__custom truncate">{user.customStatus}</span>}
        </span>
      </button>
    </li>
  );
}
