// The tiny client-side router of the /app shell. Every /app URL renders the same page on a full
// load; inside it the path (with its query: /app/friends?dm=5) lives in this store and changes
// with history.pushState.
import { createElement } from 'react';
import { create } from 'zustand';

export const currentPath = () => window.location.pathname + window.location.search;

export const useRouter = create(() => ({ path: currentPath() }));

/** Go to `path` inside the app (no page load). `replace` swaps the history entry instead. */
export function navigate(path, { replace = false } = {}) {
  if (path === currentPath() && !replace) return;
  window.history[replace ? 'replaceState' : 'pushState'](null, '', path);
  useRouter.setState({ path: currentPath() });
}

window.addEventListener('popstate', () => useRouter.setState({ path: currentPath() }));

export const usePath = () => useRouter((state) => state.path);

// Spec 000 route map: /friends is an alias of /app/friends, and /gaming (the game panel) shows the
// friends page inside the app too. `?dm={userId}` opens the conversation with that person.
const FRIENDS_ALIASES = new Set(['friends', 'gaming']);

function friendsRoute(query) {
  const dm = new URLSearchParams(query).get('dm');
  return dm && /^\d+$/.test(dm) ? { name: 'friends', dm: Number(dm) } : { name: 'friends' };
}

/**
 * What a path (with or without its query) shows: {name, serverId, channelId, dm}. Names: home,
 * discover, createServer, server, serverSettings, serverAdmin, channel, settings, friends, notFound.
 */
export function matchRoute(path) {
  const [pathname, query = ''] = path.split('?');
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean); // ['app', ...]
  if (parts.length === 1 && FRIENDS_ALIASES.has(parts[0])) return friendsRoute(query);
  if (parts[0] !== 'app') return { name: 'notFound' };
  const [, section, id, sub, channelId, ...rest] = parts;
  if (!section) return { name: 'home' };
  if (section === 'discover' && !id) return { name: 'discover' };
  if (section === 'create-server' && !id) return { name: 'createServer' };
  if (section === 'friends' && !id) return friendsRoute(query);
  if (section === 'settings' && !sub) return { name: section }; // the dialog shows /app/settings/<id>
  if (section !== 'servers') return { name: 'notFound' };
  if (!id) return { name: 'home' }; // /app/servers and /app/servers/: the welcome screen
  if (!/^\d+$/.test(id)) return { name: 'notFound' };
  const serverId = Number(id);
  if (!sub) return { name: 'server', serverId };
  if (sub === 'settings' && !channelId) return { name: 'serverSettings', serverId };
  if (sub === 'admin' && !channelId) return { name: 'serverAdmin', serverId };
  if (sub === 'channels' && /^\d+$/.test(channelId || '') && !rest.length) {
    return { name: 'channel', serverId, channelId: Number(channelId) };
  }
  return { name: 'notFound' };
}

export const useRoute = () => matchRoute(usePath());

export const serverPath = (serverId) => `/app/servers/${serverId}`;
export const channelPath = (serverId, channelId) => `/app/servers/${serverId}/channels/${channelId}`;

function isPlainLeftClick(event) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** An ordinary link that navigates in place on a plain left click (new tabs still work). */
export function Link({ to, onClick, target, ...rest }) {
  return createElement('a', {
    href: to,
    target,
    ...rest,
    onClick(event) {
      onClick?.(event);
      if (event.defaultPrevented || target || !isPlainLeftClick(event)) return;
      event.preventDefault();
      navigate(to);
    },
  });
}
