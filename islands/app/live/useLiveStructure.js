// A server's structure, live (issue 18): channels created, renamed, moved or deleted and the
// server's settings changed reach every member's open app at once — the sidebar's lists, the
// channel header, the server's name and icon. Also (issue 29): the person's own role (promoted or
// demoted in another tab or by the owner), the overview's member counts as people come and go, and
// the moderators' report queue. Someone whose open channel is deleted lands on the
// server's first channel, told why.
//
// A read already on its way when a frame comes (the server query refetches each time a view using it
// mounts, opening a channel for one) would answer the state from before the change and put it back
// over the frame's: a read of a changed key in flight is cancelled and sent again, and the new
// answer, read after the commit the frame followed, holds the change.
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

function outrunStaleReads(queryClient, queryKey) {
  if (queryClient.isFetching({ queryKey, exact: true })) {
    queryClient.refetchQueries({ queryKey, exact: true }).catch(() => {}); // cancelRefetch: the old read is dropped
  }
}

/** The signed-in person's role on a server changed (promoted, demoted, handed the server): every
 * view that asks `myRole` (moderation tools, the channel menus, @everyone) follows at once. */
function setMyRole(queryClient, serverId, role) {
  for (const queryKey of [keys.server(serverId), keys.servers()]) {
    queryClient.setQueryData(queryKey, (data) => withServer(data, serverId, { myRole: role }));
    outrunStaleReads(queryClient, queryKey);
  }
}

export default function useLiveStructure(userId) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const counts = (serverId) => queryClient.invalidateQueries({ queryKey: keys.server(serverId) });
    const channels = (serverId) => outrunStaleReads(queryClient, keys.channels(serverId));
    const stops = [
      socket.on('channel_created', ({ serverId, channel }) => {
        putChannel(queryClient, channel);
        channels(serverId);
        counts(serverId);
      }),
      socket.on('channel_updated', ({ channel }) => {
        putChannel(queryClient, channel);
        channels(channel.serverId);
      }),
      socket.on('channels_reordered', ({ serverId, channelIds }) => {
        reorderChannels(queryClient, serverId, channelIds);
        channels(serverId);
      }),
      socket.on('channel_deleted', ({ serverId, channelId }) => {
        dropChannel(queryClient, serverId, channelId);
        channels(serverId);
        leaveDeletedChannel(queryClient, serverId, channelId);
        counts(serverId);
      }),
      // A role changed, someone came or went: my own role follows, and the overview's counts.
      socket.on('member_updated', ({ serverId, userId: member, role }) => {
        if (member === userId && role) setMyRole(queryClient, serverId, role);
        else counts(serverId);
      }),
      // A report made or resolved (to the staff): the moderation panel's queue and count follow.
      socket.on('reports_changed', ({ serverId }) => queryClient.invalidateQueries({ queryKey: ['reports', serverId] })),
      socket.on('server_updated', ({ serverId, name, description, iconUrl, isPublic, category }) => {
        const changes = { name, description, iconUrl, isPublic, category };
        for (const queryKey of [keys.server(serverId), keys.servers()]) {
          queryClient.setQueryData(queryKey, (data) => withServer(data, serverId, changes));
          outrunStaleReads(queryClient, queryKey);
        }
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, userId]);
}
