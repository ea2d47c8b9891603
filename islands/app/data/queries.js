// Every server-side read of the shell: the query keys, paths and stale times (spec §9) in one
// place. The cached value is the response body as the API sends it ({servers}, {server}, ...).
// Other islands' components (settings, moderation) share these keys: import from here.
import { useQuery } from '@tanstack/react-query';
import { ApiError, get, getAccessToken, isRateLimited, refreshSession } from '../../lib/api.js';

// A page load starts without an access token: fetch one from the refresh cookie once, before the
// first call, rather than letting every first call fail with a 401.
let warming = null;
export async function warmToken() {
  if (!getAccessToken()) {
    warming ??= refreshSession().finally(() => { warming = null; });
    await warming;
  }
}

export async function apiGet(path) {
  await warmToken();
  const data = await get(path);
  // A throttled read fails here (not retried, spec §8), so a query keeps what it showed.
  if (isRateLimited(data)) throw new ApiError('Rate limited', { status: 429, code: 'RATE_LIMITED' });
  return data;
}

const SECONDS = 1000;
const MINUTES = 60 * SECONDS;

/** A server's data fetched this recently (a prefetch on intent, rail/prefetch.js) is not stale
 * when the page switches to it: kept through the switch, not fetched again at once. */
export const FRESH_MS = 10 * SECONDS;

export const keys = {
  servers: () => ['servers'],
  server: (id) => ['server', id],
  channels: (id) => ['channels', id],
  public: (filters) => ['public', filters],
  recommended: () => ['recommended'],
  members: (id) => ['members', id],
  audit: (id) => ['audit', id],
  friends: () => ['friends'],
  friendActivity: () => ['friendActivity'],
};

export const serversQuery = () => ({
  queryKey: keys.servers(),
  queryFn: () => apiGet('/api/servers'),
  staleTime: 30 * SECONDS,
});

export const serverQuery = (id) => ({
  queryKey: keys.server(id),
  queryFn: () => apiGet(`/api/servers/${id}`),
  staleTime: 0,
  gcTime: 30 * SECONDS,
});

export const channelsQuery = (id) => ({
  queryKey: keys.channels(id),
  queryFn: () => apiGet(`/api/servers/${id}/channels`),
  staleTime: 0,
  gcTime: 30 * SECONDS,
});

export const publicQuery = ({ category = 'all', search = '', sort = 'members' } = {}) => ({
  queryKey: keys.public({ category, search, sort }),
  queryFn: () => apiGet(`/api/servers/public?${new URLSearchParams({ category, search, sort, limit: '24' })}`),
  staleTime: 2 * MINUTES,
});

export const recommendedQuery = () => ({
  queryKey: keys.recommended(),
  queryFn: () => apiGet('/api/servers/public?recommended=true&limit=6'),
  staleTime: 5 * MINUTES,
});

// Friends (spec 000 §7): the page's lists {friends, blocked, incoming, outgoing}. Kept fresh by the
// socket's friend frames (live/useLiveFriends.js), which also polls it every 15 s while the socket
// is down; so it never goes stale on its own.
export const friendsQuery = () => ({
  queryKey: keys.friends(),
  queryFn: () => apiGet('/api/friends'),
  staleTime: Infinity,
});

export const friendActivityQuery = () => ({
  queryKey: keys.friendActivity(),
  queryFn: () => apiGet('/api/friends/activity?limit=20'),
  staleTime: Infinity,
});

export const useServers = () => useQuery({ ...serversQuery(), select: (data) => data?.servers ?? [] });

export const useServer = (id) =>
  useQuery({ ...serverQuery(id), enabled: id != null, select: (data) => data?.server ?? null });

/** Channels are for members only (the API answers 403 otherwise): pass `enabled` accordingly. */
export const useChannels = (id, enabled = true) =>
  useQuery({
    ...channelsQuery(id),
    enabled: id != null && enabled,
    select: (data) => (Array.isArray(data) ? data : data?.channels ?? []),
  });

export const usePublicServers = (filters) => useQuery({ ...publicQuery(filters), placeholderData: (previous) => previous });

export const useRecommended = () => useQuery({ ...recommendedQuery(), select: (data) => data?.servers ?? [] });

export const isMember = (server) => Boolean(server?.myRole);
export const canManageChannels = (server) => server?.myRole === 'owner' || server?.myRole === 'moderator';
