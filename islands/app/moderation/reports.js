// The moderators' queue of reports, read like the panel's other lists (../settings/queries.js).
import { apiGet } from '../data/queries.js';

export const reportsQuery = (serverId) => ({
  queryKey: ['reports', serverId],
  queryFn: () => apiGet(`/api/servers/${serverId}/reports`),
  staleTime: 0,
  gcTime: 30_000,
});
