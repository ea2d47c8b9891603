// The DM conversations (GET /api/dms, newest activity first) and one conversation's channel
// (POST /api/dms {userId}: the same channel for the same pair, so it is cached like a read).
import { useQuery } from '@tanstack/react-query';
import { post } from '../../lib/api.js';
import { apiGet, warmToken } from '../data/queries.js';

export const dmKeys = {
  list: () => ['dms'],
  channel: (userId) => ['dm', userId],
};

export const useDms = () => useQuery({
  queryKey: dmKeys.list(),
  queryFn: () => apiGet('/api/dms'),
  staleTime: 30_000,
  select: (data) => data?.conversations ?? [],
});

const refused = (error) => error?.status >= 400 && error.status < 500;

const dmChannelQuery = (userId) => ({
  queryKey: dmKeys.channel(userId),
  queryFn: async () => { await warmToken(); return post('/api/dms', { userId }); }, // no 401 on a page load
  staleTime: Infinity,
  retry: (count, error) => !refused(error) && count < 2,
});

export const useDmChannel = (userId) => useQuery({
  ...dmChannelQuery(userId),
  enabled: userId != null,
  select: (data) => data?.channel ?? null,
});

/** The conversation's channel with `userId` from outside its view (a call from the friends list). */
export const fetchDmChannel = async (queryClient, userId) => (await queryClient.fetchQuery(dmChannelQuery(userId)))?.channel ?? null;

/**
 * Something happened in a DM: move it to the top of the list (with its new last message when we
 * have it). → false when the conversation is not in the cached list (it must be fetched).
 */
export function touchDm(queryClient, channelId, lastMessage) {
  const data = queryClient.getQueryData(dmKeys.list());
  const list = data?.conversations;
  if (!list) return true; // nothing cached: the first fetch brings it in order
  const found = list.find((item) => item.channel?.id === channelId);
  if (!found) return false;
  const moved = { ...found, lastMessage: lastMessage ?? found.lastMessage };
  queryClient.setQueryData(dmKeys.list(), {
    ...data, conversations: [moved, ...list.filter((item) => item !== found)],
  });
  return true;
}

/** A message in the list was edited or deleted: the preview follows. */
export function refreshPreview(queryClient, channelId, change) {
  const data = queryClient.getQueryData(dmKeys.list());
  if (!data?.conversations?.some((item) => item.channel?.id === channelId && item.lastMessage)) return;
  queryClient.setQueryData(dmKeys.list(), {
    ...data,
    conversations: data.conversations.map((item) => (item.channel?.id === channelId ? change(item) : item)),
  });
}
