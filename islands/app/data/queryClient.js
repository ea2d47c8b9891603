// The one QueryClient of the app, shared by every island of the page (a module singleton, not a
// React tree): the spec's retry rule (§8) — no retry on 401, 403, 404 or 429; otherwise up to 2
// retries, 2 s apart. It starts from what the server rendered into the page (./seed.js), and
// drops a server's cached data when the page moves to another server (spec §4).
import { QueryClient } from '@tanstack/react-query';
import { matchRoute, useRouter } from '../router.js';
import { FRESH_MS, keys } from './queries.js';
import { plantSeed, readSeed } from './seed.js';

const FINAL = new Set([401, 403, 404, 429]);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 2 * 60_000, // the spec's general staleness; each query below sets its own
        retry: (failures, error) => !FINAL.has(error?.status) && error?.code !== 'REQUEST_CANCELLED' && failures < 2,
        retryDelay: 2000,
        refetchOnWindowFocus: false,
      },
    },
  });
}

// Switching the active server first discards the cached data of the server switched to, so its
// queries start afresh — but for what was fetched just before, on the person's intent (a prefetch
// while the pointer rested on the server, rail/prefetch.js): fresh, it is what the switch shows.
// A store listener runs when the path changes, before any island renders the new route,
// whichever island renders first.
function discardOnServerChange(queryClient) {
  let last = matchRoute(useRouter.getState().path).serverId;
  const discard = (queryKey) => {
    const fetchedAt = queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0;
    if (Date.now() - fetchedAt > FRESH_MS) queryClient.removeQueries({ queryKey, exact: true });
  };
  useRouter.subscribe(({ path }) => {
    const { serverId } = matchRoute(path);
    if (serverId === last) return;
    last = serverId;
    if (serverId == null) return;
    discard(keys.server(serverId));
    discard(keys.channels(serverId));
  });
}

let shared = null;

/** The page's QueryClient, made on first use. */
export function appQueryClient() {
  if (!shared) {
    shared = plantSeed(createQueryClient(), readSeed());
    discardOnServerChange(shared);
  }
  return shared;
}
