// One friend (or blocked person) in the list (spec 000 §2 Friends page): avatar with status dot,
// username, full name, custom status or status label, and the actions. A message opens the
// conversation in the page, not a new window (see FriendsScreen). Blocked people get no message
// or call: only a way to unblock.
import { useQueryClient } from '@tanstack/react-query';
import Ban from 'lucide-react/icons/ban';
import MessageSquare from 'lucide-react/icons/message-square';
import Phone from 'lucide-react/icons/phone';
import UserMinus from 'lucide-react/icons/user-minus';
import { navigate } from '../router.js';
import { blockPerson, removeFriend, unblockPerson } from './actions.js';
import { fullName, STATUS_LABEL } from './model.js';
import PersonAvatar from './PersonAvatar.jsx';
import RowMenu from './RowMenu.jsx';
import IdCard from 'lucide-react/icons/id-card';
import { copyId } from '../../lib/clipboard.js';
import { useDeveloperMode } from '../ui/useDeveloperMode.js';
import { friendToast } from './toasts.js';
import { t } from '../../lib/i18n.js';

export const dmPath = (userId) => `/app/friends?dm=${userId}`;

function callLater() {
  friendToast.message(t('Голосовые звонки скоро появятся'), t('Звонки друзьям придут вместе с голосовой связью в следующей версии.'));
}

export default function FriendRow({ friend }) {
  const queryClient = useQueryClient();
  const name = fullName(friend);
  const blocked = friend.isBlocked;
  const developer = useDeveloperMode();
  const line = blocked ? t('Заблокирован') : friend.customStatus || STATUS_LABEL[friend.status] || STATUS_LABEL.OFFLINE;
  return (
    <li className={`friend-row${blocked ? ' friend-row--blocked' : ''}`} data-username={friend.username}>
      <PersonAvatar person={friend} status={blocked ? null : friend.status} />
      <div className="friend-row__text">
        <p className="friend-row__names">
          <span className="friend-row__username">{friend.username}</span>
          {name && <span className="friend-row__fullname">{name}</span>}
        </p>
        <p className="friend-row__status" title={friend.customStatus ? STATUS_LABEL[friend.status] : undefined}>
          {line}
        </p>
      </div>
      <div className="friend-row__actions">
        {blocked ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => unblockPerson(queryClient, friend)}>
            {t('Разблокировать')}
          </button>
        ) : (
          <>
            <button type="button" className="friend-action" aria-label={t('Написать сообщение')} title={t('Написать сообщение')}
              onClick={() => navigate(dmPath(friend.id))}>
              <MessageSquare size={18} aria-hidden="true" />
            </button>
            {friend.status === 'ONLINE' && (
              <button type="button" className="friend-action" aria-label={t('Голосовой звонок')} title={t('Голосовой звонок')}
                onClick={callLater}>
                <Phone size={18} aria-hidden="true" />
              </button>
            )}
            <RowMenu label={t('Ещё: {name}', { name: friend.username })} items={[
              { label: t('Удалить из друзей'), icon: UserMinus, danger: true, onSelect: () => removeFriend(queryClient, friend) },
              { label: t('Заблокировать'), icon: Ban, danger: true, onSelect: () => blockPerson(queryClient, friend) },
              ...(developer ? [{ label: t('Копировать ID'), icon: IdCard, onSelect: () => copyId(friend.id) }] : []),
            ]} />
          </>
        )}
      </div>
    </li>
  );
}
