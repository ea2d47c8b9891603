// One friend (or blocked person) in the list (spec 000 §2 Friends page): avatar with status dot,
// username, full name, custom status or status label, and the actions. A message opens the
// conversation in the page, not a new window (see FriendsScreen). Blocked people get no message
// or call: only a way to unblock.
import { useQueryClient } from '@tanstack/react-query';
import Ban from 'lucide-react/icons/ban';
import MessageSquare from 'lucide-react/icons/message-square';
import Phone from 'lucide-react/icons/phone';
import UserCheck from 'lucide-react/icons/user-check';
import UserMinus from 'lucide-react/icons/user-minus';
import { fetchDmChannel } from '../dms/queries.js';
import { navigate } from '../router.js';
import { blockPerson, removeFriend, unblockPerson } from './actions.js';
import { STATUS_LABEL } from './model.js';
import PersonAvatar from './PersonAvatar.jsx';
import RowMenu from './RowMenu.jsx';
import ContextMenu from '../ui/ContextMenu.jsx';
import IdCard from 'lucide-react/icons/id-card';
import { copyId } from '../../lib/clipboard.js';
import { useDeveloperMode } from '../ui/useDeveloperMode.js';
import { useContextMenu } from '../ui/useContextMenu.js';
import { t } from '../../lib/i18n.js';
import PersonName, { usePersonName } from '../ui/PersonName.jsx';

export const dmPath = (userId) => `/app/friends?dm=${userId}`;

/** The call button: the conversation opens and the friend is rung (its code loads on first use). */
async function callFriend(queryClient, friend) {
  navigate(dmPath(friend.id));
  try {
    const [channel, { callPerson }] = await Promise.all([fetchDmChannel(queryClient, friend.id), import('../dms/DmCall.jsx')]);
    if (channel) callPerson(channel, friend);
  } catch {
    // the conversation itself says why it cannot be opened (a block, the person's privacy)
  }
}

export default function FriendRow({ friend }) {
  const queryClient = useQueryClient();
  const blocked = friend.isBlocked;
  const developer = useDeveloperMode();
  const line = blocked ? t('Заблокирован') : friend.customStatus || STATUS_LABEL[friend.status] || STATUS_LABEL.OFFLINE;
  // The row's context menu (right click, long press, Menu key, Shift+F10) and its "more" button: one list.
  const menu = useContextMenu();
  const label = t('Ещё: {name}', { name: usePersonName(friend) });
  const items = blocked ? [
    { id: 'unblock', label: t('Разблокировать'), icon: UserCheck, onSelect: () => unblockPerson(queryClient, friend) },
    developer && { id: 'copy-id', label: t('Копировать ID'), icon: IdCard, onSelect: () => copyId(friend.id) },
  ] : [
    { id: 'message', label: t('Написать сообщение'), icon: MessageSquare, onSelect: () => navigate(dmPath(friend.id)) },
    friend.status === 'ONLINE' && { id: 'call', label: t('Голосовой звонок'), icon: Phone, onSelect: () => callFriend(queryClient, friend) },
    'separator',
    { id: 'remove-friend', label: t('Удалить из друзей'), icon: UserMinus, danger: true, onSelect: () => removeFriend(queryClient, friend) },
    { id: 'block', label: t('Заблокировать'), icon: Ban, danger: true, onSelect: () => blockPerson(queryClient, friend) },
    developer && 'separator',
    developer && { id: 'copy-id', label: t('Копировать ID'), icon: IdCard, onSelect: () => copyId(friend.id) },
  ];
  return (
    <li className={`friend-row${blocked ? ' friend-row--blocked' : ''}`} data-username={friend.username} {...menu.bind}>
      <PersonAvatar person={friend} status={blocked ? null : friend.status} />
      <div className="friend-row__text">
        <p className="friend-row__names">
          <PersonName person={friend} className="friend-row__name" />
          <span className="friend-row__handle">@{friend.username}</span>
        </p>
        <p className="friend-row__status" title={friend.customStatus ? STATUS_LABEL[friend.status] : undefined}>
          {line}
        </p>
      </div>
      <div className="friend-row__actions">
        {blocked ? (
          <>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => unblockPerson(queryClient, friend)}>
              {t('Разблокировать')}
            </button>
            {menu.at && <ContextMenu {...menu.props} items={items} label={label} />}
          </>
        ) : (
          <>
            <button type="button" className="friend-action" aria-label={t('Написать сообщение')} title={t('Написать сообщение')}
              onClick={() => navigate(dmPath(friend.id))}>
              <MessageSquare size={18} aria-hidden="true" />
            </button>
            {friend.status === 'ONLINE' && (
              <button type="button" className="friend-action" aria-label={t('Голосовой звонок')} title={t('Голосовой звонок')}
                onClick={() => callFriend(queryClient, friend)}>
                <Phone size={18} aria-hidden="true" />
              </button>
            )}
            <RowMenu label={label} items={items} menu={menu} />
          </>
        )}
      </div>
    </li>
  );
}
