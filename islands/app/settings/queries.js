// The reads the settings modal and the moderation panel need. Keys, paths and the cached shape
// (the response body as the API sends it: {server}, {members}, ...) are the shell's, from
// ../data/queries.js; the readers below also accept an unwrapped value.
import { apiGet, keys, serverQuery } from '../data/queries.js';
import { lang } from '../../lib/i18n.js';

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

const LOCALE = lang === 'en' ? 'en-GB' : 'ru-RU'; // day-first dates in English too

export function formatDate(iso) {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString(LOCALE, { day: 'numeric', month: 'long', year: 'numeric' });
}

export function formatDateTime(iso) {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(LOCALE, {
    day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
  });
}
