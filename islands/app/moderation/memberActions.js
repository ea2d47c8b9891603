// What the members tab does to a member: kick, ban, timeout, lift a timeout, change a role. Each
// refreshes the lists it changes and says how it went.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { post, request } from '../../lib/api.js';
import { t, tc } from '../../lib/i18n.js';

const ACTIONS = {
  kick: {
    call: (serverId, { userId, reason }) => post(`/api/servers/${serverId}/moderation/kick`, { userId, reason, notify: true }),
    done: t('Пользователь исключен с сервера'),
    failed: t('Не удалось исключить пользователя'),
  },
  ban: {
    call: (serverId, { userId, reason }) =>
      post(`/api/servers/${serverId}/moderation/ban`, { userId, reason, duration: null, deleteMessageDays: 1 }),
    done: tc('ban', 'Пользователь заблокирован'),
    failed: tc('ban', 'Не удалось заблокировать пользователя'),
  },
  timeout: {
    call: (serverId, { userId, duration, reason }) =>
      post(`/api/servers/${serverId}/moderation/timeout`, { userId, duration, reason }),
    done: t('Участник получил тайм-аут'),
    failed: t('Не удалось выдать тайм-аут'),
  },
  lift: {
    call: (serverId, { userId }) => request(`/api/servers/${serverId}/moderation/timeout/${userId}`, { method: 'DELETE' }),
    done: t('Тайм-аут снят'),
    failed: t('Не удалось снять тайм-аут'),
  },
  appoint: {
    call: (serverId, { userId }) => request(`/api/servers/${serverId}/members/${userId}`,
      { method: 'PATCH', body: { role: 'moderator' } }),
    done: t('Участник назначен модератором'),
    failed: t('Не удалось изменить роль'),
  },
  demote: {
    call: (serverId, { userId }) => request(`/api/servers/${serverId}/members/${userId}`,
      { method: 'PATCH', body: { role: 'member' } }),
    done: t('Модератор снят'),
    failed: t('Не удалось изменить роль'),
  },
};

export const PROMPTS = { kick: t('Причина исключения:'), ban: t('Причина блокировки:') };

export function useMemberAction(serverId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...fields }) => ACTIONS[kind].call(serverId, fields),
    onSuccess: (_data, { kind }) => {
      toast.success(ACTIONS[kind].done);
      for (const key of ['members', 'audit', 'server', 'bans']) {
        queryClient.invalidateQueries({ queryKey: [key, serverId] });
      }
    },
    onError: (error, { kind }) => toast.error(ACTIONS[kind].failed, { description: error?.message || undefined }),
  });
}
