// A member's profile card, opened from the drawer: picture and status, name, @username, pronouns,
// role, custom status, 'О себе' (bio); 'Написать сообщение' opens the conversation with them in
// place (/app/friends?dm={id}), 'Добавить в друзья' asks them (FriendButton). Neither for oneself.
// In developer mode, 'Копировать ID' for anyone.
// A non-modal popover to the left of the drawer (centred over the screen on phones): closes on
// Escape (focus back on the row), on a click outside, and after a choice.
import IdCard from 'lucide-react/icons/id-card';
import MessageSquare from 'lucide-react/icons/message-square';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import PersonAvatar from '../friends/PersonAvatar.jsx';
import { presence } from '../moderation/labels.js';
import { navigate } from '../router.js';
import { useDeveloperMode } from '../ui/useDeveloperMode.js';
import { useIsPhone } from '../ui/useMediaQuery.js';
import { copyId } from '../../lib/clipboard.js';
import FriendButton from './FriendButton.jsx';
import { ROLE_NAMES } from './groups.js';
import { usePersonName } from '../ui/PersonName.jsx';
import { t } from '../../lib/i18n.js';

const GAP = 8;

/** Beside the row, kept inside the window. */
function usePlace(card, anchor, phone, key) {
  const [place, setPlace] = useState(null);
  useLayoutEffect(() => {
    if (phone || !anchor || !card.current) {
      setPlace(null);
      return;
    }
    const rect = anchor.getBoundingClientRect();
    const height = card.current.offsetHeight;
    setPlace({
      top: Math.max(GAP, Math.min(rect.top, window.innerHeight - height - GAP)),
      right: Math.max(GAP, window.innerWidth - rect.left + GAP),
    });
  }, [card, anchor, phone, key]);
  return place;
}

function useDismiss(card, anchor, onClose) {
  useEffect(() => {
    card.current?.focus();
    const outside = (event) => !card.current?.contains(event.target) && !anchor?.contains(event.target) && onClose();
    const escape = (event) => {
      if (event.key !== 'Escape' || document.querySelector('dialog[open], [aria-modal="true"]')) return;
      event.stopPropagation();
      onClose();
      anchor?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [card, anchor, onClose]);
}

export default function ProfileCard({ member, anchor, myId, onClose }) {
  const card = useRef(null);
  const phone = useIsPhone();
  const { user, role } = member;
  const place = usePlace(card, anchor, phone, user.id);
  useDismiss(card, anchor, onClose);
  const name = usePersonName(user); // live: a new display name shows at once
  const { kind, label } = presence(user.status);
  const me = user.id === myId;
  const developer = useDeveloperMode();
  const write = () => {
    onClose();
    navigate(`/app/friends?dm=${user.id}`);
  };
  return (
    <div ref={card} className="profile-card" role="dialog" aria-labelledby="profile-card-name" tabIndex={-1}
      data-user-id={user.id} style={place ?? undefined}>
      <div className="profile-card__banner" aria-hidden="true" />
      <div className="profile-card__body">
        <PersonAvatar person={user} status={user.status} size={64} />
        <h2 id="profile-card-name" className="profile-card__name">{name}</h2>
        <p className="profile-card__handle">
          @{user.username}
          {user.pronouns && <span className="profile-card__pronouns"> · {user.pronouns}</span>}
        </p>
        <p className="profile-card__status">
          <span className={`status-dot status-dot--${kind}`} aria-hidden="true" />
          <span>{label}</span>
          <span className="profile-card__role">{ROLE_NAMES[role] ?? ROLE_NAMES.member}</span>
        </p>
        {user.customStatus && <p className="profile-card__custom">{user.customStatus}</p>}
        {user.bio && (
          <section className="profile-card__bio">
            <h3 className="profile-card__heading">{t('О себе')}</h3>
            <p>{user.bio}</p>
          </section>
        )}
        {me ? (
          <p className="profile-card__me">{t('Это вы')}</p>
        ) : (
          <div className="profile-card__actions">
            <button type="button" className="btn btn-primary profile-card__action" onClick={write}>
              <MessageSquare size={16} aria-hidden="true" />
              {t('Написать сообщение')}
            </button>
            <FriendButton person={user} myId={myId} />
          </div>
        )}
        {developer && (
          <button type="button" className="btn btn-ghost btn-sm profile-card__action" onClick={() => copyId(user.id)}>
            <IdCard size={16} aria-hidden="true" />
            {t('Копировать ID')}
          </button>
        )}
      </div>
    </div>
  );
}
