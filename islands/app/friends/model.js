// The friends page's words and rules (spec 000 §4 Friends), and how each live frame or answer
// changes the cached lists {friends, blocked, incoming, outgoing} — pure functions, so the page,
// the live hook and the add-friend modal change the cache the same way.

import { lang, t } from '../../lib/i18n.js';

export const STATUS_LABEL = {
  ONLINE: t('В сети'),
  IDLE: t('Отошел'),
  DO_NOT_DISTURB: t('Не беспокоить'),
  OFFLINE: t('Не в сети'),
};

// The dot's colour class; search results say AWAY and DND for the same two states.
const DOT = { ONLINE: 'online', IDLE: 'idle', AWAY: 'idle', DO_NOT_DISTURB: 'dnd', DND: 'dnd' };
export const statusDot = (status) => DOT[status] ?? 'offline';

const ORDER = { ONLINE: 0, IDLE: 1, DO_NOT_DISTURB: 2, OFFLINE: 3 };

/** Spec §4: ONLINE, IDLE, DO_NOT_DISTURB, OFFLINE, those with a game first, then username. */
export function inOrder(friends) {
  return [...friends].sort((a, b) => (ORDER[a.status] ?? 3) - (ORDER[b.status] ?? 3)
    || Number(!a.gameActivity) - Number(!b.gameActivity)
    || a.username.localeCompare(b.username, lang, { sensitivity: 'base' }));
}

/** 'В сети' lists everyone not offline: idle and do-not-disturb people are there too. */
export const isOnline = (friend) => friend.status && friend.status !== 'OFFLINE';

export const fullName = (person) => [person?.firstName, person?.lastName].filter(Boolean).join(' ');

/** Case-insensitive, by username, display name or full name (spec §2 'Поиск друзей...'). */
export function matches(person, search) {
  const needle = search.trim().toLocaleLowerCase(lang);
  if (!needle) return true;
  return [person.username, person.displayName, fullName(person)]
    .some((value) => (value ?? '').toLocaleLowerCase(lang).includes(needle));
}

/** The other person of a request, seen from `myId`'s side. */
export const otherParty = (request, myId) => (request.fromUser.id === myId ? request.toUser : request.fromUser);

export const EMPTY = { friends: [], blocked: [], incoming: [], outgoing: [] };

const withoutRequestsOf = (list, key, userId) => list.filter((request) => request[key].id !== userId);

/** friend_request_received: the addressee lists it as incoming, the sender's tabs as outgoing. */
export function requestReceived(data, request, myId) {
  if (!data) return data;
  const side = request.toUser.id === myId ? 'incoming' : 'outgoing';
  if (data[side].some((known) => known.id === request.id)) return data;
  return { ...data, [side]: [request, ...data[side]] };
}

/** friend_request_removed, a decline or a cancel: both sides forget it. */
export function requestRemoved(data, requestId) {
  if (!data) return data;
  return {
    ...data,
    incoming: data.incoming.filter((request) => request.id !== requestId),
    outgoing: data.outgoing.filter((request) => request.id !== requestId),
  };
}

/** friend_request_accepted (or an accept's answer): a friend now, no request left between us. */
export function friendAdded(data, friend) {
  if (!data) return data;
  return {
    ...data,
    friends: inOrder([...data.friends.filter((known) => known.id !== friend.id), friend]),
    incoming: withoutRequestsOf(data.incoming, 'fromUser', friend.id),
    outgoing: withoutRequestsOf(data.outgoing, 'toUser', friend.id),
  };
}

/** friend_removed (or a removal's answer). */
export function friendRemoved(data, userId) {
  if (!data) return data;
  return { ...data, friends: data.friends.filter((friend) => friend.id !== userId) };
}

/** A block here: no friendship and no requests with them; they join the blocked list. */
export function personBlocked(data, person) {
  if (!data) return data;
  const blocked = { ...person, status: person.status ?? 'OFFLINE', customStatus: person.customStatus ?? null,
    isBlocked: true, friendshipDate: null, gameActivity: null };
  return {
    friends: data.friends.filter((friend) => friend.id !== person.id),
    blocked: inOrder([...data.blocked.filter((known) => known.id !== person.id), blocked]),
    incoming: withoutRequestsOf(data.incoming, 'fromUser', person.id),
    outgoing: withoutRequestsOf(data.outgoing, 'toUser', person.id),
  };
}

export function personUnblocked(data, userId) {
  if (!data) return data;
  return { ...data, blocked: data.blocked.filter((person) => person.id !== userId) };
}

/** friend_status_changed: the friend's new status, and the list in order again. */
export function statusChanged(data, { friendId, status, customStatus }) {
  if (!data?.friends.some((friend) => friend.id === friendId)) return data;
  return {
    ...data,
    friends: inOrder(data.friends.map((friend) => (friend.id === friendId
      ? { ...friend, status, customStatus: customStatus ?? null } : friend))),
  };
}

const ACTIVITY_KEPT = 100; // spec §9: the activity list's cap

/** friend_activity: newest first. */
export function activityAdded(data, activity) {
  if (!data) return data;
  if (data.activities.some((known) => known.id === activity.id)) return data;
  return { ...data, activities: [activity, ...data.activities].slice(0, ACTIVITY_KEPT) };
}
