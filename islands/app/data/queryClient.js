// The one QueryClient of the app shell, with the spec's retry rule (§8): no retry on 401, 403,
// 404 or 429; otherwise up to 2 retries, 2 s apart.
import { QueryClient } from '@tanstack/react-query';

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
