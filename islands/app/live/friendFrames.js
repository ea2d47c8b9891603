// What each socket friend frame does (useLiveFriends.js): the cached lists and the activity log
// changed in place, and a toast for a request received or accepted. Loaded with the first friend
// frame, not with the page: most visits never see one, and the toasts' code and the lists' model
// are not small.
import { keys } from '../data/queries.js';
import { acceptedHere, acceptRequest, toastFriendAdded } from '../friends/actions.js';
import {
  activityAdded, friendAdded, friendRemoved, requestReceived, requestRemoved, statusChanged,
} from '../friends/model.js';
import { friendToast } from '../friends/toasts.js';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import { personName } from '../ui/person.js';

function toastRequest(queryClient, friendRequest) {
  const name = personName(friendRequest.fromUser);
  friendToast.message(t('Новый запрос в друзья'), t('{name} хочет добавить вас в друзья', { name }), {
    action: { label: t('Принять'), onClick: () => acceptRequest(queryClient, friendRequest) },
  });
}

const lists = (queryClient) => queryClient.getQueryData(keys.friends());
const change = (queryClient, update) => queryClient.setQueryData(keys.friends(), update);

/** Frame type → handler(frame, {queryClient, userId}). */
export const FRAMES = {
  friend_request_received({ request }, { queryClient, userId }) {
    if (!request) return;
    const known = lists(queryClient)?.incoming.some((item) => item.id === request.id);
    change(queryClient, (data) => requestReceived(data, request, userId));
    if (request.toUser.id === userId && !known) toastRequest(queryClient, request);
  },
  friend_request_removed({ requestId }, { queryClient }) {
    change(queryClient, (data) => requestRemoved(data, requestId));
  },
  friend_request_accepted({ friend }, { queryClient }) {
    if (!friend) return;
    // Our request, accepted by them: tell us. One we accepted here was told already.
    const ours = lists(queryClient)?.outgoing.some((item) => item.toUser.id === friend.id);
    change(queryClient, (data) => friendAdded(data, friend));
    if (ours && !acceptedHere.has(friend.id)) toastFriendAdded(friend);
    acceptedHere.delete(friend.id);
  },
  friend_removed({ userId: gone }, { queryClient }) {
    change(queryClient, (data) => friendRemoved(data, gone));
    // A block from another tab ends a friendship too, and the frame does not say so: read the
    // lists again for the blocked tab. The friend's entries leave the activity log.
    queryClient.invalidateQueries({ queryKey: keys.friends() });
    queryClient.invalidateQueries({ queryKey: keys.friendActivity() });
  },
  friend_status_changed(data, { queryClient }) {
    change(queryClient, (lists) => statusChanged(lists, data));
  },
  friend_activity({ activity }, { queryClient }) {
    if (activity) queryClient.setQueryData(keys.friendActivity(), (data) => activityAdded(data, activity));
  },
};
