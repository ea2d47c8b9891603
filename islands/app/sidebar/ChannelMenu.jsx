// A channel's context menu (opened by ChannelMenuButton.jsx): for everyone, mark it read when
// something in it is unread, and copy its link; for the owner and moderators (who manage channels,
// as they create them) rename, move up or down within its list, delete (asked first); in developer
// mode 'Копировать ID'. Each change updates this sidebar from its answer; the other members hear
// it from the socket.
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import CheckCheck from 'lucide-react/icons/check-check';
import IdCard from 'lucide-react/icons/id-card';
import Link2 from 'lucide-react/icons/link-2';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import { lazy, Suspense, useState } from 'react';
import { apiGet } from '../data/queries.js';
import { markRead, useUnread } from '../data/unread.js';
import { request } from '../../lib/api.js';
import { copyId, copyText } from '../../lib/clipboard.js';
import { toast } from '../../lib/toast.js';
import { channelPath } from '../router.js';
import { askConfirm } from '../ui/confirm.js';
import ContextMenu from '../ui/ContextMenu.jsx';
import { dropChannel, leaveDeletedChannel, reorderChannels } from './channelCache.js';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

const RenameChannelModal = lazy(() => import('./RenameChannelModal.jsx'));

const complain = (failure) => toast.error(failure?.message || t('Не удалось изменить канал'));

/** Read up to the channel's newest message, as opening it and scrolling down would. */
async function readAll(channel) {
  try {
    const data = await apiGet(`/api/messages/${channel.id}/messages?limit=1`);
    const newest = (data?.messages ?? []).reduce((top, message) => Math.max(top, message.id ?? 0), 0);
    markRead(channel.id, newest);
  } catch (failure) {
    toast.error(failure?.message || t('Не удалось отметить канал прочитанным'));
  }
}

async function copyLink(channel) {
  try {
    await copyText(`${window.location.origin}${channelPath(channel.serverId, channel.id)}`);
    toast.success(t('Ссылка скопирована'));
  } catch {
    toast.error(t('Не удалось скопировать ссылку'));
  }
}

export default function ChannelMenu({ at, origin, onClose, queryClient, channel, index, count, label, manage = true,
  developer = false }) {
  const [renaming, setRenaming] = useState(false);
  const unread = useUnread((state) => state.channels[channel.id]);
  const url = `/api/servers/${channel.serverId}/channels/${channel.id}`;

  const move = (position) => request(`${url}/move`, { method: 'POST', body: { position } })
    .then((data) => reorderChannels(queryClient, channel.serverId, data.channels.map((item) => item.id)))
    .catch(complain);

  const remove = async () => {
    const sure = await askConfirm({
      title: t('Удалить канал?'),
      message: t('Канал «{name}» и все его сообщения будут удалены. Это действие нельзя отменить.', { name: channel.name }),
      confirmLabel: t('Удалить канал'),
      danger: true,
    });
    if (!sure) return;
    try {
      await request(url, { method: 'DELETE' });
      dropChannel(queryClient, channel.serverId, channel.id);
      leaveDeletedChannel(queryClient, channel.serverId, channel.id);
    } catch (failure) {
      complain(failure);
    }
  };

  const items = [
    (unread?.unread > 0 || unread?.mentions > 0) && {
      id: 'mark-read', label: t('Отметить как прочитанное'), icon: CheckCheck, onSelect: () => readAll(channel) },
    { id: 'copy-link', label: t('Копировать ссылку'), icon: Link2, onSelect: () => copyLink(channel) },
    'separator',
    ...(manage ? [
      { id: 'rename', label: t('Переименовать'), icon: Pencil, onSelect: () => setRenaming(true) },
      { id: 'move-up', label: t('Переместить выше'), icon: ArrowUp, onSelect: () => move(index - 1), disabled: index === 0 },
      { id: 'move-down', label: t('Переместить ниже'), icon: ArrowDown, onSelect: () => move(index + 1),
        disabled: index >= count - 1 },
      'separator',
      { id: 'delete', label: t('Удалить канал'), icon: Trash2, onSelect: remove, danger: true },
    ] : []),
    developer && { id: 'copy-id', label: t('Копировать ID'), icon: IdCard, onSelect: () => copyId(channel.id) },
  ];

  return (
    <>
      {at && <ContextMenu at={at} origin={origin} onClose={onClose} items={items} label={label} />}
      {renaming && (
        <Suspense fallback={null}>
          <RenameChannelModal queryClient={queryClient} channel={channel} onClose={() => setRenaming(false)} />
        </Suspense>
      )}
    </>
  );
}
