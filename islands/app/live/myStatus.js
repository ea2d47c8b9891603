// The status the signed-in user picked (spec 000 §9: 'В сети', 'Отошел', 'Не беспокоить', and
// invisible): the server keeps it across sockets and says it in every 'connected' frame.
import { toast } from '../../lib/toast.js';
import { create } from 'zustand';
import * as socket from '../../lib/socket.js';
import { t } from '../../lib/i18n.js';

export const STATUS_CHOICES = [
  { value: 'online', label: t('В сети') },
  { value: 'idle', label: t('Отошел') },
  { value: 'dnd', label: t('Не беспокоить') },
  { value: 'invisible', label: t('Невидимый') },
];

export const useMyStatus = create(() => ({ status: 'online' }));

export function chooseStatus(status) {
  if (!socket.send('presence_update', { status })) {
    toast.error(t('Нет соединения с сервером. Статус не изменён'));
    return;
  }
  useMyStatus.setState({ status });
}

/** Keep the store in step with the server: call once from the shell. → unsubscribe */
export function followMyStatus(userId) {
  const stops = [
    socket.on('connected', (data) => data?.status && useMyStatus.setState({ status: data.status })),
    // Others see an invisible user as offline, and so does this user's own feed: keep the choice.
    socket.on('user_status', (data) => data?.userId === userId && data.status !== 'offline'
      && useMyStatus.setState({ status: data.status })),
  ];
  return () => stops.forEach((stop) => stop());
}
