// A server's data, fetched while the pointer rests on its icon or card, or the keyboard focus
// comes to it: its header and channels are there when it opens (TanStack Query's prefetch). What
// was fetched so is kept through the switch to that server (data/queryClient.js), however old the
// cache's rule would find it, for FRESH_MS.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { channelsQuery, FRESH_MS, serverQuery } from '../data/queries.js';

const REST_MS = 150; // a pointer passing over the rail is not resting on a server

export function prefetchServer(queryClient, serverId) {
  queryClient.prefetchQuery({ ...serverQuery(serverId), staleTime: FRESH_MS });
  queryClient.prefetchQuery({ ...channelsQuery(serverId), staleTime: FRESH_MS });
}

/** Handlers to spread on a server's link: prefetch on a resting mouse or pen, or keyboard focus. */
export function usePrefetchOnRest(serverId, skip = false) {
  const queryClient = useQueryClient();
  const timer = useRef(null);
  return useMemo(() => {
    if (skip) return {};
    const fetch = () => prefetchServer(queryClient, serverId);
    return {
      onPointerEnter(event) {
        if (event.pointerType === 'touch') return; // a tap opens it at once: nothing to win
        clearTimeout(timer.current);
        timer.current = setTimeout(fetch, REST_MS);
      },
      onPointerLeave() { clearTimeout(timer.current); },
      // A click focuses the link too, and opens the server at once: only the keyboard's focus counts.
      onFocus(event) { if (event.currentTarget.matches(':focus-visible')) fetch(); },
    };
  }, [queryClient, serverId, skip]);
}
