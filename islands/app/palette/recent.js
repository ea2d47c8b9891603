// Where this person went lately, for the palette's ranking and its 'Недавние каналы': each visit
// the router makes to a channel, a server or a DM, newest first, kept in localStorage per user id
// (two people sharing a browser do not see each other's places). Eager and tiny: the visits made
// before the palette is first opened count too.
import { matchRoute, useRouter } from '../router.js';

const LIMIT = 40;
const storageKey = (userId) => `lobby.recent.${userId}`;

/** The signed-in user's id, from the app-shell island's props (on every /app page). */
export function shellUserId() {
  try {
    return JSON.parse(document.querySelector('[data-island="app-shell"]')?.dataset.props || '{}').user?.id ?? null;
  } catch {
    return null;
  }
}

/** [{key: 'channel:12' | 'server:3' | 'dm:7', serverId?, at}], newest first. */
export function readRecent(userId) {
  try {
    const list = JSON.parse(localStorage.getItem(storageKey(userId)) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function placesOf(path) {
  const route = matchRoute(path);
  // A channel is a use of its server too: the server ranks by its latest channel.
  if (route.name === 'channel') return [{ key: `channel:${route.channelId}`, serverId: route.serverId }, { key: `server:${route.serverId}` }];
  if (route.name === 'server') return [{ key: `server:${route.serverId}` }];
  if (route.name === 'friends' && route.dm != null) return [{ key: `dm:${route.dm}` }];
  return [];
}

export function recordVisit(userId, path) {
  const places = placesOf(path);
  if (userId == null || !places.length) return;
  const keys = new Set(places.map((place) => place.key));
  const at = Date.now();
  const list = [...places.map((place) => ({ ...place, at })), ...readRecent(userId).filter((item) => !keys.has(item.key))];
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(list.slice(0, LIMIT)));
  } catch {
    // storage full or refused: the ranking is a convenience, nothing breaks without it
  }
}

/** Records the current place and every later one; → unsubscribe. */
export function recordVisits(userId) {
  recordVisit(userId, useRouter.getState().path);
  return useRouter.subscribe((state, before) => state.path !== before.path && recordVisit(userId, state.path));
}
