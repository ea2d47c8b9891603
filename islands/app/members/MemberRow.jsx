// One member in the drawer: picture with the status dot, the name (a crown for the owner), and
// the custom status under it. A click opens their profile card; a right click, a long press, or
// the Menu key or Shift+F10 their context menu (PersonMenu.jsx: the card, a message, friendship,
// and what the caller may do to them on this server).
import Crown from 'lucide-react/icons/crown';
import { lazy, Suspense, useRef } from 'react';
import PersonAvatar from '../friends/PersonAvatar.jsx';
import { presence } from '../moderation/labels.js';
import { useContextMenu } from '../ui/useContextMenu.js';
import { usePersonName } from '../ui/PersonName.jsx';

const PersonMenu = lazy(() => import('./PersonMenu.jsx'));

export default function MemberRow({ member, selected, onOpen, serverId, myId }) {
  const { user, role } = member;
  const name = usePersonName(user); // live: a new display name shows at once
  const { kind, label } = presence(user.status);
  const row = useRef(null);
  const menu = useContextMenu();
  return (
    <li>
      <button ref={row} type="button" className={`member-row member-row--${kind}`} data-user-id={user.id}
        data-username={user.username} data-status={kind} aria-haspopup="dialog" aria-expanded={selected}
        {...menu.bind} onClick={(event) => onOpen(member, event.currentTarget)}>
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
      {menu.wanted && (
        <Suspense fallback={null}>
          <PersonMenu {...menu.props} person={user} myId={myId} serverId={serverId}
            onProfile={() => row.current && onOpen(member, row.current)} />
        </Suspense>
      )}
    </li>
  );
}
