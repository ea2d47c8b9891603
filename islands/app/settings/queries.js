// The reads the settings modal and the moderation panel need. Keys, paths and the cached shape
// (the response body as the API sends it: {server}, {members}, ...) are the shell's, from
// ../data/queries.js; the readers below also accept an unwrapped value.
import { apiGet, keys, serverQuery } from '../data/queries.js';

export { serverQuery };

const detail = { staleTime: 0, gcTime: 30_000 }; // spec §9: server details stale 0, kept 30 s

export const asServer = (data) => data?.server ?? data ?? null;
export const asUser = (data) => data?.user ?? data ?? null;
export const asList = (data, field) => (Array.isArray(data) ? data : data?.[field] ?? []);

export const membersQuery = (serverId) => ({
  queryKey: keys.members(serverId),
  queryFn: () => apiGet(`/api/servers/${serverId}/members`),
  ...detail,
});

export const auditQuery = (serverId) => ({
  queryKey: keys.audit(serverId),
  queryFn: () => apiGet(`/api/servers/${serverId}/audit-log`),
  ...detail,
});

export const bansQuery = (serverId) => ({
  queryKey: ['bans', serverId],
  queryFn: () => apiGet(`/api/servers/${serverId}/bans`),
  ...detail,
});

export const meQuery = {
  queryKey: ['me'],
  queryFn: () => apiGet('/api/auth/me'),
  staleTime: 5 * 60_000,
};

/** Whether the signed-in user owns the server (the role the API reports, or the owner id). */
export function isOwnerOf(server, me) {
  return server?.myRole === 'owner' || (me?.id != null && server?.ownerId === me.id);
}
