// A server's cached channel list (data/queries.js `keys.channels`, the body {channels} as the API
// answers it) changed in place: by the owner's own calls (ChannelMenu.jsx) and by the socket's
// structure frames (live/useLiveStructure.js), so every member's sidebar and channel header follow
// at once, without a refetch. Ordered as the API orders it: by position, then id.
import { toast } from '../../lib/toast.js';
import { keys } from '../data/queries.js';
import { channelPath, matchRoute, navigate, serverPath } from '../router.js';
import { t } from '../../lib/i18n.js';

const listOf = (data) => (Array.isArray(data) ? data : data?.channels);
const byPosition = (a, b) => a.position - b.position || a.id - b.id;

function edit(queryClient, serverId, change) {
  queryClient.setQueryData(keys.channels(serverId), (data) => {
    const channels = listOf(data);
    if (!channels) return data; // not loaded: the first read will have it
    const changed = change(channels).sort(byPosition);
    return Array.isArray(data) ? changed : { ...data, channels: changed };
  });
}

/** A channel added or changed (its whole body). */
export function putChannel(queryClient, channel) {
  edit(queryClient, channel.serverId, (channels) => [...channels.filter((item) => item.id !== channel.id), channel]);
}

export function dropChannel(queryClient, serverId, channelId) {
  edit(queryClient, serverId, (channels) => channels.filter((item) => item.id !== channelId));
}

/** One list (TEXT or VOICE) in a new order: `ids` top first, numbered from 0. */
export function reorderChannels(queryClient, serverId, ids) {
  const place = new Map(ids.map((id, index) => [id, index]));
  edit(queryClient, serverId, (channels) => channels.map((item) => (place.has(item.id)
    ? { ...item, position: place.get(item.id) } : item)));
}

export function cachedChannels(queryClient, serverId) {
  return listOf(queryClient.getQueryData(keys.channels(serverId))) ?? [];
}

/** Where a member goes when their channel is gone: the server's first text channel, else any. */
function firstChannel(channels) {
  const sorted = [...channels].sort(byPosition);
  return sorted.find((item) => item.type === 'TEXT') ?? sorted[0] ?? null;
}

/** Call once the channel is out of the cache: if it is the one open, go to the first channel. */
export function leaveDeletedChannel(queryClient, serverId, channelId) {
  const route = matchRoute(window.location.pathname);
  if (route.name !== 'channel' || route.serverId !== serverId || route.channelId !== channelId) return;
  const next = firstChannel(cachedChannels(queryClient, serverId));
  navigate(next ? channelPath(serverId, next.id) : serverPath(serverId), { replace: true });
  toast.message(t('Канал удалён'));
}
