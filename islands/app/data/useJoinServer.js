// Joining a public server (discovery, browse tab, overview): the toasts of spec §8, and the lists
// that change with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { post } from '../../lib/api.js';
import { navigate, serverPath } from '../router.js';
import { keys } from './queries.js';
import { t } from '../../lib/i18n.js';

export const JOINED = t('Вы присоединились к серверу');

export function afterJoin(queryClient, server) {
  queryClient.invalidateQueries({ queryKey: keys.servers() });
  queryClient.invalidateQueries({ queryKey: ['public'] });
  queryClient.invalidateQueries({ queryKey: keys.recommended() });
  if (server) queryClient.setQueryData(keys.server(server.id), { server });
}

/** `join(server)`; `onJoined(server)` runs after success (close a dialog) before navigating. */
export function useJoinServer({ onJoined } = {}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (server) => post(`/api/servers/${server.id}/join`),
    onSuccess: (data, server) => {
      toast.success(JOINED);
      afterJoin(queryClient, data?.server);
      onJoined?.(data?.server ?? server);
      navigate(serverPath(server.id));
    },
    onError: (error) => {
      console.warn('join failed', error);
      toast.error(t('Ошибка присоединения к серверу'), { description: error.message });
    },
  });
  return mutation;
}
