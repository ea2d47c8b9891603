// A server's structure, live (issue 18): channels created, renamed, moved or deleted and the
// server's settings changed reach every member's open app at once — the sidebar's lists, the
// channel header, the server's name and icon. Someone whose open channel is deleted lands on the
// server's first channel, told why.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as socket from '../../lib/socket.js';
import { keys } from '../data/queries.js';
import { dropChannel, leaveDeletedChannel, putChannel, reorderChannels } from '../sidebar/channelCache.js';

function withServer(data, serverId, changes) {
  if (data?.server?.id === serverId) return { ...data, server: { ...data.server, ...changes } };
  if (Array.isArray(data?.servers)) {
    return { ...data, servers: data.servers.map((server) => (server.id === serverId ? { ...server, ...changes } : server)) };
  }
  return data;
}

export default function useLiveStructure() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const counts = (serverId) => queryClient.invalidateQueries({ queryKey: keys.server(serverId) });
    const stops = [
      socket.on('channel_created', ({ serverId, channel }) => {
        putChannel(queryClient, channel);
        counts(serverId);
      }),
      socket.on('channel_updated', ({ channel }) => putChannel(queryClient, channel)),
      socket.on('channels_reordered', ({ serverId, channelIds }) => reorderChannels(queryClient, serverId, channelIds)),
      socket.on('channel_deleted', ({ serverId, channelId }) => {
        dropChannel(queryClient, serverId, channelId);
        leaveDeletedChannel(queryClient, serverId, channelId);
        counts(serverId);
      }),
      socket.on('server_updated', ({ serverId, name, description, iconUrl, isPublic, category }) => {
        const changes = { name, description, iconUrl, isPublic, category };
        queryClient.setQueryData(keys.server(serverId), (data) => withServer(data, serverId, changes));
        queryClient.setQueryData(keys.servers(), (data) => withServer(data, serverId, changes));
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
}
