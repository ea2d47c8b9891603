// What a person does with friends and requests: one call each, the cached lists changed from the
// answer (the live frame that follows changes nothing more), and the spec's toasts (§8 Friend
// toasts). Used by the friends page, the add-friend modal and the live toasts' buttons.
import { post, request } from '../../lib/api.js';
import { keys } from '../data/queries.js';
import {
  friendAdded, friendRemoved, personBlocked, personUnblocked, requestReceived, requestRemoved,
} from './model.js';
import { friendToast } from './toasts.js';
import { t } from '../../lib/i18n.js';
import { personName } from '../ui/person.js';

const change = (queryClient, update) => queryClient.setQueryData(keys.friends(), update);
// A friend gone or blocked takes their entries out of the activity log (the server's rule).
const refreshActivity = (queryClient) => queryClient.invalidateQueries({ queryKey: keys.friendActivity() });

/** A refusal the server explained (403, 404, 409, 422, 429) is shown in its words. */
const refusal = (error) => error?.status >= 400 && error.status < 500 && error.message;

function failed(error, fallback) {
  friendToast.error(t('Ошибка'), refusal(error) || fallback);
  return null;
}

// Accepts this tab made: their `friend_request_accepted` frame needs no second toast here.
export const acceptedHere = new Set();

export function toastFriendAdded(friend) {
  friendToast.success(t('Запрос принят'), t('{name} добавлен в друзья', { name: personName(friend) }));
}

export async function acceptRequest(queryClient, friendRequest) {
  acceptedHere.add(friendRequest.fromUser.id);
  try {
    const { friend } = await post(`/api/friends/requests/${friendRequest.id}/accept`);
    change(queryClient, (data) => friendAdded(data, friend));
    toastFriendAdded(friend);
    return friend;
  } catch (error) {
    acceptedHere.delete(friendRequest.fromUser.id);
    if (error?.status === 404) change(queryClient, (data) => requestRemoved(data, friendRequest.id)); // withdrawn meanwhile
    friendToast.error(t('Ошибка'), t('Не удалось принять запрос'));
    return null;
  }
}

export async function declineRequest(queryClient, friendRequest) {
  try {
    await post(`/api/friends/requests/${friendRequest.id}/decline`);
    change(queryClient, (data) => requestRemoved(data, friendRequest.id));
    friendToast.success(t('Запрос отклонен'));
    return true;
  } catch (error) {
    return failed(error, t('Не удалось отклонить запрос'));
  }
}

export async function cancelRequest(queryClient, friendRequest) {
  try {
    const answer = await request(`/api/friends/requests/${friendRequest.id}`, { method: 'DELETE' });
    change(queryClient, (data) => requestRemoved(data, friendRequest.id));
    friendToast.success(answer?.message || t('Запрос отменен'));
    return true;
  } catch (error) {
    return failed(error, t('Не удалось отменить запрос'));
  }
}

export async function removeFriend(queryClient, friend) {
  try {
    await request(`/api/friends/${friend.id}`, { method: 'DELETE' });
    change(queryClient, (data) => friendRemoved(data, friend.id));
    refreshActivity(queryClient);
    friendToast.success(t('Друг удален'));
    return true;
  } catch (error) {
    return failed(error, t('Не удалось удалить друга'));
  }
}

export async function blockPerson(queryClient, person) {
  try {
    const answer = await post(`/api/friends/${person.id}/block`);
    change(queryClient, (data) => personBlocked(data, person));
    refreshActivity(queryClient);
    friendToast.success(answer?.message || t('Пользователь заблокирован'));
    return true;
  } catch (error) {
    return failed(error, t('Не удалось заблокировать пользователя'));
  }
}

export async function unblockPerson(queryClient, person) {
  try {
    const answer = await post(`/api/friends/${person.id}/unblock`);
    change(queryClient, (data) => personUnblocked(data, person.id));
    friendToast.success(answer?.message || t('Пользователь разблокирован'));
    return true;
  } catch (error) {
    return failed(error, t('Не удалось разблокировать пользователя'));
  }
}

/**
 * Ask `username` to be friends. → 'sent', 'friend' (they had already asked us: friends at once)
 * or null after a failure (its toast shown).
 */
export async function sendRequest(queryClient, username, message, myId) {
  try {
    const answer = await post('/api/friends/request', { username, ...(message ? { message } : {}) });
    if (answer?.friend) {
      acceptedHere.add(answer.friend.id);
      change(queryClient, (data) => friendAdded(data, answer.friend));
      toastFriendAdded(answer.friend);
      return 'friend';
    }
    if (answer?.request) change(queryClient, (data) => requestReceived(data, answer.request, myId));
    friendToast.success(t('Запрос отправлен'));
    return 'sent';
  } catch (error) {
    return failed(error, t('Произошла ошибка при отправке запроса')); // the network, or the server's fault
  }
}
