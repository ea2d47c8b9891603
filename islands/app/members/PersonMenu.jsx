// A person's context menu, wherever the person shows (a message's author, the members drawer, a
// DM): their profile where there is a card to open, a message, the friendship as it stands (add,
// accept, remove), block or unblock; on a server, what the caller may do to them as its owner or
// moderator — as the moderation panel's members tab allows it (nobody acts on the owner or on
// themselves, moderators not on moderators): appoint or remove a moderator (the owner), time out
// or lift it, kick, ban; and in developer mode 'Копировать ID'. Kick and ban ask the reason in the
// app's dialog, a timeout its length and reason in one. Loaded when a person's menu first opens;
// it stays mounted afterwards, so the dialogs and the calls it starts outlive the menu.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Ban from 'lucide-react/icons/ban';
import IdCard from 'lucide-react/icons/id-card';
import MessageSquare from 'lucide-react/icons/message-square';
import ShieldMinus from 'lucide-react/icons/shield-minus';
import ShieldPlus from 'lucide-react/icons/shield-plus';
import Timer from 'lucide-react/icons/timer';
import TimerOff from 'lucide-react/icons/timer-off';
import UserCheck from 'lucide-react/icons/user-check';
import UserMinus from 'lucide-react/icons/user-minus';
import UserPlus from 'lucide-react/icons/user-plus';
import UserRound from 'lucide-react/icons/user-round';
import UserX from 'lucide-react/icons/user-x';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { copyId } from '../../lib/clipboard.js';
import { t, tc } from '../../lib/i18n.js';
import { friendsQuery, useServer } from '../data/queries.js';
import { acceptRequest, blockPerson, removeFriend, sendRequest, unblockPerson } from '../friends/actions.js';
import { timeoutEnd } from '../moderation/labels.js';
import { PROMPTS, useMemberAction } from '../moderation/memberActions.js';
import TimeoutForm from '../moderation/TimeoutForm.jsx';
import { navigate } from '../router.js';
import { asList, membersQuery } from '../settings/queries.js';
import { askConfirm, askText } from '../ui/confirm.js';
import ContextMenu from '../ui/ContextMenu.jsx';
import Modal from '../ui/Modal.jsx';
import { useDeveloperMode } from '../ui/useDeveloperMode.js';
import { standing } from './FriendButton.jsx';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import { personName } from '../ui/person.js';

/** What the caller may do to `member` on `server`: {moderate, appoint}. */
function powers(server, member, myId) {
  if (!server || !member || member.user?.id === myId) return {};
  if (member.role === 'owner' || member.user?.id === server.ownerId) return {};
  const owner = server.myRole === 'owner' || server.ownerId === myId;
  const moderate = owner || (server.myRole === 'moderator' && member.role !== 'moderator');
  return { moderate, appoint: moderate && owner };
}

function useFriendItems(person, myId) {
  const queryClient = useQueryClient();
  const { data: lists } = useQuery(friendsQuery());
  const stand = standing(lists, person.id);
  const incoming = lists?.incoming?.find((request) => request.fromUser?.id === person.id);
  const friend = lists?.friends?.find((item) => item.id === person.id) ?? person;
  return [
    stand === 'none' && { id: 'add-friend', label: t('Добавить в друзья'), icon: UserPlus,
      onSelect: () => sendRequest(queryClient, person.username, null, myId) },
    stand === 'asked' && { id: 'accept-friend', label: t('Принять запрос'), icon: UserCheck,
      onSelect: () => acceptRequest(queryClient, incoming) },
    stand === 'friend' && { id: 'remove-friend', label: t('Удалить из друзей'), icon: UserMinus, danger: true,
      onSelect: () => removeFriend(queryClient, friend) },
    stand === 'blocked'
      ? { id: 'unblock', label: t('Разблокировать'), icon: UserCheck, onSelect: () => unblockPerson(queryClient, person) }
      : stand !== 'unknown' && { id: 'block', label: t('Заблокировать'), icon: UserX, danger: true,
        onSelect: () => blockPerson(queryClient, person) },
  ];
}

function useModerationItems(person, myId, serverId, onTimeout) {
  const { data: server } = useServer(serverId);
  const { data: members } = useQuery({ ...membersQuery(serverId), enabled: serverId != null });
  const action = useMemberAction(serverId);
  const member = asList(members, 'members').find((item) => item.user?.id === person.id);
  const { moderate, appoint } = powers(server, member, myId);
  const { username } = person;

  const remove = async (kind) => {
    const reason = await askText({
      title: kind === 'kick' ? t('Исключить @{username}?', { username }) : t('Заблокировать @{username}?', { username }),
      label: PROMPTS[kind], confirmLabel: kind === 'kick' ? t('Исключить') : tc('ban', 'Заблокировать'),
      required: true, danger: true,
    });
    if (reason) action.mutate({ kind, userId: person.id, reason });
  };
  const demote = async () => {
    const sure = await askConfirm({
      title: t('Снять модератора?'), message: t('@{username} больше не сможет модерировать сервер.', { username }),
      confirmLabel: t('Снять модератора'), danger: true,
    });
    if (sure) action.mutate({ kind: 'demote', userId: person.id });
  };
  return {
    action,
    items: [
      appoint && (member.role === 'moderator'
        ? { id: 'demote', label: t('Снять модератора'), icon: ShieldMinus, onSelect: demote }
        : { id: 'appoint', label: t('Назначить модератором'), icon: ShieldPlus,
          onSelect: () => action.mutate({ kind: 'appoint', userId: person.id }) }),
      moderate && (timeoutEnd(member)
        ? { id: 'lift-timeout', label: t('Снять тайм-аут'), icon: TimerOff,
          onSelect: () => action.mutate({ kind: 'lift', userId: person.id }) }
        : { id: 'timeout', label: t('Тайм-аут'), icon: Timer, onSelect: onTimeout }),
      moderate && { id: 'kick', label: t('Исключить'), icon: UserMinus, danger: true, onSelect: () => remove('kick') },
      moderate && { id: 'ban', label: t('Заблокировать на сервере'), icon: Ban, danger: true, onSelect: () => remove('ban') },
    ],
  };
}

export default function PersonMenu({ at, origin, onClose, person, myId, serverId = null, onProfile }) {
  const developer = useDeveloperMode();
  const [timingOut, setTimingOut] = useState(false);
  const me = person.id === myId;
  const friendItems = useFriendItems(person, myId);
  const moderation = useModerationItems(person, myId, serverId, () => setTimingOut(true));
  const items = [
    (onProfile || me) && { id: 'profile', label: t('Профиль'), icon: UserRound,
      onSelect: onProfile ?? (() => navigate('/app/settings/profile')) },
    !me && { id: 'message', label: t('Написать сообщение'), icon: MessageSquare,
      onSelect: () => navigate(`/app/friends?dm=${person.id}`) },
    ...(me ? [] : friendItems),
    'separator',
    ...moderation.items,
    'separator',
    developer && { id: 'copy-id', label: t('Копировать ID'), icon: IdCard, onSelect: () => copyId(person.id) },
  ];
  return (
    <>
      {at && (
        <ContextMenu at={at} origin={origin} onClose={onClose} items={items}
          label={t('Действия: {name}', { name: personName(person) })} />
      )}
      {timingOut && createPortal( // out of the row it was opened on: its events are not the row's
        <Modal title={t('Тайм-аут для @{username}', { username: person.username })} size="sm"
          onClose={() => setTimingOut(false)}>
          <TimeoutForm busy={moderation.action.isPending} onCancel={() => setTimingOut(false)}
            onSubmit={(fields) => moderation.action.mutate({ kind: 'timeout', userId: person.id, ...fields },
              { onSuccess: () => setTimingOut(false) })} />
        </Modal>,
        document.body,
      )}
    </>
  );
}
