// What the navigation shortcuts do: the n-th server of the list, the previous / next channel of
// the server on screen (in the sidebar's order: text channels, then voice), the previous / next
// channel with unread messages. They read the shell's cached queries (fetching only what is not
// cached yet) and the unread store, so they agree with what the sidebar shows.
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import { appQueryClient } from '../data/queryClient.js';
import { channelsQuery, serversQuery } from '../data/queries.js';
import { channelPath, matchRoute, navigate, serverPath } from '../router.js';

async function myServers() {
  const data = await appQueryClient().ensureQueryData(serversQuery());
  return data?.servers ?? [];
}

/** The sidebar's order: text channels, then voice channels. */
function sidebarOrder(data) {
  const list = Array.isArray(data) ? data : data?.channels ?? [];
  return [...list.filter((channel) => channel.type !== 'VOICE'), ...list.filter((channel) => channel.type === 'VOICE')];
}

/** `at` {path, unread}: where the page was and what was unread when the key was pressed. */
export async function openNthServer(at, n) {
  const server = (await myServers())[n - 1];
  if (server) navigate(serverPath(server.id));
}

/** dir 1: the next channel, -1: the previous one; round the list's ends. */
export async function stepChannel(at, dir) {
  const { serverId, channelId } = matchRoute(at.path);
  if (serverId == null) return;
  const channels = sidebarOrder(await appQueryClient().ensureQueryData(channelsQuery(serverId)).catch(() => []));
  if (!channels.length) return;
  const here = channels.findIndex((channel) => channel.id === channelId);
  const next = here < 0 ? (dir > 0 ? 0 : channels.length - 1) : (here + dir + channels.length) % channels.length;
  if (channels[next].id !== channelId) navigate(channelPath(serverId, channels[next].id));
}

/** The place of a channel in the sidebar's reading order: [server's rank, channel's rank]. */
function placeOf(servers, serverId, channelId) {
  const cached = appQueryClient().getQueryData(channelsQuery(serverId).queryKey);
  const rank = cached ? sidebarOrder(cached).findIndex((channel) => channel.id === channelId) : -1;
  return [servers.findIndex((server) => server.id === serverId), rank < 0 ? channelId : rank];
}

const before = (a, b) => a[0] - b[0] || a[1] - b[1];

/** dir 1: the next channel with something unread after this one, -1: the one before it. */
export async function stepUnread(at, dir) {
  const { serverId, channelId } = matchRoute(at.path);
  const waiting = Object.values(at.unread)
    .filter((entry) => entry.unread > 0 && entry.serverId != null && entry.channelId !== channelId);
  if (!waiting.length) return;
  const servers = await myServers();
  const unread = waiting.filter((entry) => servers.some((server) => server.id === entry.serverId))
    .map((entry) => ({ entry, place: placeOf(servers, entry.serverId, entry.channelId) }))
    .sort((a, b) => before(a.place, b.place));
  if (!unread.length) return;
  const now = serverId == null ? [-1, -1] : placeOf(servers, serverId, channelId ?? -1);
  const ahead = dir > 0
    ? unread.find((item) => before(item.place, now) > 0) ?? unread[0]
    : [...unread].reverse().find((item) => before(item.place, now) < 0) ?? unread[unread.length - 1];
  navigate(channelPath(ahead.entry.serverId, ahead.entry.channelId));
}
