// Where the person last was on each server in this page: a server's icon in the rail takes them
// back there, as Discord's does, rather than to the server's overview every time.
import { channelPath, matchRoute, serverPath, useRouter } from '../router.js';

const last = new Map(); // serverId → channelId

function remember(path) {
  const route = matchRoute(path);
  if (route.name === 'channel') last.set(route.serverId, route.channelId);
}

remember(useRouter.getState().path);
useRouter.subscribe(({ path }) => remember(path));

/** The server's last channel seen here, else its overview. */
export function placeIn(serverId) {
  const channelId = last.get(serverId);
  return channelId != null ? channelPath(serverId, channelId) : serverPath(serverId);
}

/** The channel is gone (deleted, or the server left): its server's icon opens the overview again. */
export function forgetPlace(serverId) {
  last.delete(serverId);
}
