// Each person's own order of their servers (the rail, the server cards): moving one shows at once
// in this tab, then POST /api/servers/{id}/move keeps it on the server for every tab and device
// (they hear `user_servers`, live/useLiveServers.js). While a move of this tab is on its way, the
// frames of its own earlier moves are left alone: they would put back an order already passed.
import { post } from '../../lib/api.js';
import { toast } from '../../lib/toast.js';
import { keys } from '../data/queries.js';
import { t } from '../../lib/i18n.js';

let moving = 0;

/** True while a move of this tab is on its way. */
export const isMoving = () => moving > 0;

/** The cached list in the order of `ids`; servers it does not name keep their order after them. */
export function putInOrder(queryClient, ids) {
  queryClient.setQueryData(keys.servers(), (data) => {
    if (!Array.isArray(data?.servers)) return data;
    const place = new Map(ids.map((id, index) => [id, index]));
    const servers = [...data.servers].sort((a, b) => (place.get(a.id) ?? Infinity) - (place.get(b.id) ?? Infinity));
    return { ...data, servers };
  });
}

/** The ids of `servers` with `serverId` moved to `position`. */
export function movedIds(servers, serverId, position) {
  const ids = servers.map((server) => server.id).filter((id) => id !== serverId);
  ids.splice(Math.max(0, Math.min(position, ids.length)), 0, serverId);
  return ids;
}

const iconOf = (serverId) => document.querySelector(`.rail__servers [data-server-id="${serverId}"] .rail-item__button`);

/** The focus stays on a server's icon that moved (a node React moves in the list loses it). */
function keepFocus(serverId) {
  const icon = iconOf(serverId);
  if (!icon || document.activeElement !== icon) return;
  requestAnimationFrame(() => iconOf(serverId)?.focus({ preventScroll: true }));
}

export async function moveServer(queryClient, serverId, position) {
  const servers = queryClient.getQueryData(keys.servers())?.servers ?? [];
  if (servers.findIndex((server) => server.id === serverId) === position) return;
  keepFocus(serverId);
  putInOrder(queryClient, movedIds(servers, serverId, position));
  moving += 1;
  try {
    const answer = await post(`/api/servers/${serverId}/move`, { position });
    if (moving === 1 && Array.isArray(answer?.serverIds)) putInOrder(queryClient, answer.serverIds);
  } catch (error) {
    toast.error(t('Не удалось переместить сервер'), { description: error.message });
    queryClient.invalidateQueries({ queryKey: keys.servers() });
  } finally {
    moving -= 1;
  }
}
