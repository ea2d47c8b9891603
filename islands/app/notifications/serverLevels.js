// The person's notification settings per server (GET /api/notifications/servers, then the
// `server_notifications` frame from any tab or device): a level — 'all', 'mentions' (the
// default), 'nothing' — and a mute until a time or until turned back on. What they do here:
//   - badges: a muted server's unread and mention counts are hidden, a 'nothing' one's mentions
//     (data/unread.js reads `quiet`, kept in its store so every badge follows at once);
//   - sounds and browser notifications: none for a muted or 'nothing' server (`isQuiet`), and at
//     'all' every message of the server sounds (live/useLiveNotifications.js).
// A mute ends by itself: a timer takes it off when its time comes.
import { create } from 'zustand';
import { request } from '../../lib/api.js';
import { apiGet } from '../data/queries.js';
import { useUnread } from '../data/unread.js';

export const DEFAULT = { level: 'mentions', muted: false, mutedUntil: null };

/** serverId → {serverId, level, muted, mutedUntil}: only those set apart from the default. */
export const useServerLevels = create(() => ({ servers: {} }));

let timer = null;

const endsAt = (setting) => (setting?.muted && setting.mutedUntil ? Date.parse(setting.mutedUntil) : Infinity);
const mutedNow = (setting, now = Date.now()) => Boolean(setting?.muted) && endsAt(setting) > now;

/** One server's settings as they are now (a mute past its time reads as none). */
export function levelOf(serverId, servers = useServerLevels.getState().servers) {
  const setting = servers[serverId];
  if (!setting) return { ...DEFAULT, serverId };
  return mutedNow(setting) ? setting : { ...setting, muted: false, mutedUntil: null };
}

/** Nothing of this server may sound or show: muted now, or set to nothing. */
export function isQuiet(serverId) {
  if (serverId == null) return false;
  const setting = levelOf(serverId);
  return setting.muted || setting.level === 'nothing';
}

/** Every message of this server sounds (level 'all', not muted). */
export const hearsAll = (serverId) => serverId != null && !isQuiet(serverId) && levelOf(serverId).level === 'all';

function publish(servers) {
  const now = Date.now();
  const quiet = {};
  for (const [id, setting] of Object.entries(servers)) {
    const muted = mutedNow(setting, now);
    if (muted || setting.level === 'nothing') quiet[id] = { muted, nothing: setting.level === 'nothing' };
  }
  useServerLevels.setState({ servers });
  useUnread.setState({ quiet });
  clearTimeout(timer);
  const next = Math.min(...Object.values(servers).map(endsAt).filter((at) => at > now));
  if (Number.isFinite(next)) timer = setTimeout(() => publish(useServerLevels.getState().servers), next - now + 50);
}

/** A `server_notifications` frame, or our own answer. */
export function applyServerLevel(setting) {
  if (setting?.serverId == null) return;
  const servers = { ...useServerLevels.getState().servers };
  if (setting.level === DEFAULT.level && !setting.muted) delete servers[setting.serverId];
  else servers[setting.serverId] = setting;
  publish(servers);
}

/** The whole list again (start, reconnect). */
export async function loadServerLevels() {
  try {
    const data = await apiGet('/api/notifications/servers');
    publish(Object.fromEntries((data?.servers ?? []).map((setting) => [setting.serverId, setting])));
  } catch (error) {
    console.warn('server notification settings: could not load', error);
  }
}

/** Change a server's level and/or mute ({level}, {mute: '15m'|'1h'|'8h'|'24h'|'forever'|'off'}). */
export async function setServerLevel(serverId, change) {
  const answer = await request(`/api/notifications/servers/${serverId}`, { method: 'PUT', body: change });
  applyServerLevel(answer);
  return answer;
}
