// Where the app opens a server one has just created or joined by an invite: its first text
// channel, as Discord does (the overview when it has none). The server renders the same for the
// invite page (site/lobby/servers/invites.py, `landing_path`).
import { channelsQuery } from '../data/queries.js';
import { channelPath, navigate, serverPath } from '../router.js';

export async function openServer(queryClient, serverId, { replace = false } = {}) {
  let first = null;
  try {
    const data = await queryClient.fetchQuery(channelsQuery(serverId));
    const channels = Array.isArray(data) ? data : data?.channels ?? [];
    first = channels.find((channel) => channel.type !== 'VOICE') ?? null; // in their order already
  } catch {
    // the overview then: it says what went wrong
  }
  navigate(first ? channelPath(serverId, first.id) : serverPath(serverId), { replace });
}
