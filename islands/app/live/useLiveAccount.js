// The shell's hold on the live socket: open from sign-in on (so presence covers everyone, not
// only people looking at a channel), and the account-wide events that change what the shell
// shows — a server taken away (kick, ban, leave in another tab), people coming and going, the
// sign-in ending — and the 'Подключение' sound when the socket comes back after a drop.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../lib/toast.js';
import { leaveForSignIn } from '../../lib/api.js';
import * as socket from '../../lib/socket.js';
import { playSound } from '../../lib/sounds.js';
import { keys } from '../data/queries.js';
import { matchRoute, navigate } from '../router.js';
import { learnPerson } from '../ui/person.js';
import { followMyStatus } from './myStatus.js';
import { t } from '../../lib/i18n.js';

// The toast names the server and the moderator's reason (when the frame brings them).
const LOST_SERVER = {
  kick: (name) => (name ? t('Вас исключили с сервера «{name}»', { name }) : t('Вас исключили с сервера')),
  ban: (name) => (name ? t('Вы заблокированы на сервере «{name}»', { name }) : t('Вы заблокированы на этом сервере')),
};
const COUNTS_REFRESH_MS = 10_000; // online counts in the lists: at most one refetch per 10 s

// user_status → the spec's member status values.
const MEMBER_STATUS = { online: 'ONLINE', idle: 'AWAY', dnd: 'DND' };

function withStatus(data, userId, status) {
  if (!data?.members) return data;
  return {
    ...data,
    members: data.members.map((member) => (member.user?.id === userId
      ? { ...member, user: { ...member.user, status: MEMBER_STATUS[status] || 'OFFLINE' } } : member)),
  };
}

export default function useLiveAccount(userId) {
  const queryClient = useQueryClient();
  useEffect(() => {
    socket.connect();
    const stopStatus = followMyStatus(userId);
    let countsTimer = null;
    const refreshCounts = () => {
      countsTimer ??= setTimeout(() => {
        countsTimer = null;
        queryClient.invalidateQueries({ queryKey: keys.servers() });
        queryClient.invalidateQueries({ queryKey: ['server'] }); // the open overview's online count
      }, COUNTS_REFRESH_MS);
    };
    const stops = [
      socket.on('server_access_revoked', ({ serverId, reason, serverName, moderatorReason }) => {
        queryClient.removeQueries({ queryKey: keys.server(serverId) });
        queryClient.removeQueries({ queryKey: keys.channels(serverId) });
        queryClient.invalidateQueries({ queryKey: keys.servers() });
        if (matchRoute(window.location.pathname).serverId === serverId) navigate('/app', { replace: true });
        if (LOST_SERVER[reason]) {
          toast.error(LOST_SERVER[reason](serverName), {
            description: moderatorReason ? t('Причина: {reason}', { reason: moderatorReason }) : undefined,
          });
        }
      }),
      socket.on('user_status', ({ userId, status }) => {
        queryClient.setQueriesData({ queryKey: ['members'] }, (data) => withStatus(data, userId, status));
        refreshCounts();
      }),
      socket.on('session_ended', leaveForSignIn),
      // Someone's display name or avatar changed: every name and face of theirs follows (ui/person.js).
      socket.on('user_updated', ({ user }) => learnPerson(user)),
      socket.on('reconnected', () => playSound('connection')),
    ];
    return () => {
      stops.forEach((stop) => stop());
      stopStatus();
      clearTimeout(countsTimer);
    };
  }, [queryClient, userId]);
}
