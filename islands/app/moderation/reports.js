// The moderators' queue of reports, read like the panel's other lists (../settings/queries.js),
// and what may be done about a report: the server's own rule (nobody acts on the owner or on
// themselves; moderators do not act on other moderators), so the owner is never offered to kick
// or ban herself over a report of her own message.
import { apiGet } from '../data/queries.js';

export const reportsQuery = (serverId) => ({
  queryKey: ['reports', serverId],
  queryFn: () => apiGet(`/api/servers/${serverId}/reports`),
  staleTime: 0,
  gcTime: 30_000,
});

/** The resolutions the caller may choose for a report whose message `author` wrote. */
export function resolutionsFor(author, { server, me, members }) {
  const always = ['dismiss', 'delete'];
  if (!author || author.id === server.ownerId || (me?.id != null && author.id === me.id)) return always;
  const membership = members.find((member) => member.user?.id === author.id);
  const iOwn = server.myRole === 'owner' || (me?.id != null && server.ownerId === me.id);
  if (membership?.role === 'owner' || (membership?.role === 'moderator' && !iOwn)) return always;
  return membership ? [...always, 'kick', 'ban'] : [...always, 'ban']; // one who left can still be banned
}
