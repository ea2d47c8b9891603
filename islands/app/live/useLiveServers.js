// The person's list of servers, live on every tab (the spec's `user_servers` frame): a server
// joined or created elsewhere appears in the rail and the cards, one left, lost or deleted goes,
// a move made in another tab or on another device shows here. The frame carries the list's new
// order (not for a deletion, which reaches every member at once): a server this tab does not know
// yet is fetched with the whole list.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as socket from '../../lib/socket.js';
import { keys } from '../data/queries.js';
import { forgetPlace } from '../rail/lastPlace.js';
import { isMoving, putInOrder } from '../rail/order.js';

const GONE = new Set(['left', 'kicked', 'banned', 'deleted']);

function dropServer(queryClient, serverId) {
  queryClient.setQueryData(keys.servers(), (data) => (Array.isArray(data?.servers)
    ? { ...data, servers: data.servers.filter((server) => server.id !== serverId) } : data));
}

export default function useLiveServers() {
  const queryClient = useQueryClient();
  useEffect(() => socket.on('user_servers', ({ reason, serverId, serverIds } = {}) => {
    if (GONE.has(reason)) {
      dropServer(queryClient, serverId);
      forgetPlace(serverId);
    }
    if (reason === 'joined' || reason === 'created') { // a page showing it to a non-member: a member now
      queryClient.invalidateQueries({ queryKey: keys.server(serverId) });
      queryClient.invalidateQueries({ queryKey: keys.recommended() });
    }
    if (!Array.isArray(serverIds) || (reason === 'moved' && isMoving())) return;
    const known = new Set((queryClient.getQueryData(keys.servers())?.servers ?? []).map((server) => server.id));
    if (serverIds.length !== known.size || serverIds.some((id) => !known.has(id))) {
      queryClient.invalidateQueries({ queryKey: keys.servers() }); // one new to this tab: the list, whole
    } else {
      putInOrder(queryClient, serverIds);
    }
  }), [queryClient]);
}
