// 'Покинуть сервер': asked first with the app's dialog; the owner is told to hand the server over
// first (the settings' danger zone), since an owner cannot leave (409 OWNER_CANNOT_LEAVE).
import { post } from '../../lib/api.js';
import { toast } from '../../lib/toast.js';
import { keys } from '../data/queries.js';
import { matchRoute, navigate, serverPath } from '../router.js';
import { askConfirm } from '../ui/confirm.js';
import { t } from '../../lib/i18n.js';

/** The cached server gone, and the app out of its screens. */
function forget(queryClient, serverId) {
  queryClient.removeQueries({ queryKey: keys.server(serverId) });
  queryClient.removeQueries({ queryKey: keys.channels(serverId) });
  queryClient.invalidateQueries({ queryKey: keys.servers() });
  if (matchRoute(window.location.pathname).serverId === serverId) navigate('/app', { replace: true });
}

export async function leaveServer(queryClient, server, { owner = false } = {}) {
  if (owner) {
    const handOver = await askConfirm({
      title: t('Сначала передайте сервер'),
      message: t('Вы владелец сервера «{name}». Чтобы покинуть его, передайте владение другому участнику в настройках сервера.',
        { name: server.name }),
      confirmLabel: t('Открыть настройки'),
    });
    if (handOver) navigate(`${serverPath(server.id)}/settings`);
    return;
  }
  const sure = await askConfirm({
    title: t('Покинуть сервер «{name}»?', { name: server.name }),
    message: server.isPublic
      ? t('Его каналы пропадут из вашего списка. Вернуться можно через каталог или по приглашению.')
      : t('Его каналы пропадут из вашего списка. Вернуться можно только по приглашению.'),
    confirmLabel: t('Покинуть сервер'),
    danger: true,
  });
  if (!sure) return;
  try {
    await post(`/api/servers/${server.id}/leave`);
    forget(queryClient, server.id);
    toast.success(t('Вы покинули сервер «{name}»', { name: server.name }));
  } catch (error) {
    toast.error(t('Не удалось покинуть сервер'), { description: error?.message || undefined });
  }
}
