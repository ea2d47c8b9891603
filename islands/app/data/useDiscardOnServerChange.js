// Spec §4: switching the active server first discards the cached data of that server and its
// channels. Done during render, before the new server's queries subscribe, so they start afresh.
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { keys } from './queries.js';

export function useDiscardOnServerChange(serverId) {
  const queryClient = useQueryClient();
  const last = useRef(serverId);
  if (serverId !== last.current) {
    last.current = serverId;
    if (serverId != null) {
      queryClient.removeQueries({ queryKey: keys.server(serverId), exact: true });
      queryClient.removeQueries({ queryKey: keys.channels(serverId), exact: true });
    }
  }
}
