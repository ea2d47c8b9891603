// The drawer's list, live. Statuses come from `user_status` frames through the shell
// (live/useLiveAccount.js changes every cached member list); this adds what it leaves out: the
// custom status the frame may carry, a changed role or a member gone (`member_updated`: read the
// list again), and someone heard of who is not on the list yet (they may have just joined).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as socket from '../../lib/socket.js';
import { keys } from '../data/queries.js';

const REREAD_MS = 5_000; // strangers' frames: at most one reread per 5 s

function withCustomStatus(data, userId, customStatus) {
  if (!data?.members) return data;
  return {
    ...data,
    members: data.members.map((member) => (member.user?.id === userId
      ? { ...member, user: { ...member.user, customStatus } } : member)),
  };
}

export default function useLiveMembers(serverId) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = keys.members(serverId);
    const reread = () => queryClient.invalidateQueries({ queryKey: key });
    let lastReread = 0;
    const stops = [
      socket.on('user_status', ({ userId, customStatus }) => {
        const data = queryClient.getQueryData(key);
        if (!data?.members) return;
        if (!data.members.some((member) => member.user?.id === userId)) {
          if (Date.now() - lastReread < REREAD_MS) return;
          lastReread = Date.now();
          reread();
          return;
        }
        if (typeof customStatus === 'string') {
          queryClient.setQueryData(key, (current) => withCustomStatus(current, userId, customStatus));
        }
      }),
      socket.on('member_updated', (data) => data?.serverId === serverId && reread()),
      // Frames sent while the socket was down are lost; and a list read while it was connecting may
      // predate everyone's arrival frames (ours included).
      socket.on('open', reread),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, serverId]);
}
