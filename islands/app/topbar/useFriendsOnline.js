// How many friends are online now ('В сети' counts idle and do-not-disturb friends too, as the
// friends page does). The lists are the shell's cached /api/friends, which the socket's friend
// frames keep current (live/useLiveFriends.js): the count follows them live.
import { useQuery } from '@tanstack/react-query';
import { friendsQuery } from '../data/queries.js';

const countOnline = (data) => (data?.friends ?? [])
  .filter((friend) => !friend.isBlocked && friend.status && friend.status !== 'OFFLINE').length;

/** → the number, or null while the lists load */
export default function useFriendsOnline() {
  const { data } = useQuery({ ...friendsQuery(), select: countOnline });
  return data ?? null;
}
