// The profile card's 'Добавить в друзья', read from the shell's cached friend lists (kept live by
// the socket): already a friend → 'Уже друг'; our request out → 'Запрос отправлен'; their request
// in → 'Принять запрос'; blocked either way → nothing. Never for oneself (the card hides it).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import UserPlus from 'lucide-react/icons/user-plus';
import { useState } from 'react';
import { friendsQuery } from '../data/queries.js';
import { acceptRequest, sendRequest } from '../friends/actions.js';
import { t } from '../../lib/i18n.js';

/** Where the caller stands with `userId`: 'friend', 'blocked', 'sent', 'asked', 'none' or 'unknown'. */
export function standing(lists, userId) {
  if (!lists) return 'unknown';
  if (lists.friends?.some((friend) => friend.id === userId)) return 'friend';
  if (lists.blocked?.some((person) => person.id === userId)) return 'blocked';
  if (lists.outgoing?.some((request) => request.toUser?.id === userId)) return 'sent';
  if (lists.incoming?.some((request) => request.fromUser?.id === userId)) return 'asked';
  return 'none';
}

export default function FriendButton({ person, myId }) {
  const queryClient = useQueryClient();
  const { data: lists } = useQuery(friendsQuery());
  const [busy, setBusy] = useState(false);
  const stand = standing(lists, person.id);
  if (stand === 'blocked') return null;
  if (stand === 'friend' || stand === 'sent') {
    return (
      <button type="button" className="btn btn-ghost profile-card__action" disabled data-friend={stand}>
        <Check size={16} aria-hidden="true" />
        {stand === 'friend' ? t('Уже друг') : t('Запрос отправлен')}
      </button>
    );
  }
  const act = async () => {
    setBusy(true);
    if (stand === 'asked') {
      const request = lists.incoming.find((item) => item.fromUser?.id === person.id);
      await acceptRequest(queryClient, request);
    } else {
      await sendRequest(queryClient, person.username, null, myId);
    }
    setBusy(false);
  };
  return (
    <button type="button" className="btn btn-ghost profile-card__action" onClick={act}
      disabled={busy || stand === 'unknown'} data-friend={stand}>
      <UserPlus size={16} aria-hidden="true" />
      {stand === 'asked' ? t('Принять запрос') : t('Добавить в друзья')}
    </button>
  );
}
