// A channel row's menu for the owner and moderators (who manage channels, as they create them):
// rename, move up or down within its list, delete (asked first); and in developer mode, for
// anyone, 'Копировать ID'. Opened by ChannelMenuButton.jsx;
// arrow keys move between the items; Escape, Tab, a click outside or a scroll closes it. Each
// change updates this sidebar from its answer; the other members hear it from the socket.
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { request } from '../../lib/api.js';
import { copyId } from '../../lib/clipboard.js';
import { toast } from '../../lib/toast.js';
import { askConfirm } from '../ui/confirm.js';
import { dropChannel, leaveDeletedChannel, reorderChannels } from './channelCache.js';
import { t } from '../../lib/i18n.js';
import { useMenuDismiss } from '../ui/useMenuDismiss.js';

const RenameChannelModal = lazy(() => import('./RenameChannelModal.jsx'));

const complain = (failure) => toast.error(failure?.message || t('Не удалось изменить канал'));

export default function ChannelMenu({ queryClient, channel, index, count, label, place, button, onClose, manage = true,
  developer = false }) {
  const [renaming, setRenaming] = useState(false);
  const menu = useRef(null);
  const url = `/api/servers/${channel.serverId}/channels/${channel.id}`;

  useLayoutEffect(() => {
    if (place) menu.current?.querySelector('[role=menuitem]:not(:disabled)')?.focus();
  }, [place]);

  useMenuDismiss(place, menu, button, onClose);

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
    ...(manage ? [
      { label: t('Переименовать'), onSelect: () => setRenaming(true) },
      { label: t('Переместить выше'), onSelect: () => move(index - 1), disabled: index === 0 },
      { label: t('Переместить ниже'), onSelect: () => move(index + 1), disabled: index >= count - 1 },
      { label: t('Удалить канал'), onSelect: remove, danger: true },
    ] : []),
    ...(developer ? [{ label: t('Копировать ID'), onSelect: () => copyId(channel.id) }] : []),
  ];

  const onKeyDown = (event) => {
    const entries = [...menu.current.querySelectorAll('[role=menuitem]:not(:disabled)')];
    const at = entries.indexOf(document.activeElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // not the drawer underneath
      onClose();
    } else if (event.key === 'Tab') {
      onClose(false);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      entries[(at + (event.key === 'ArrowDown' ? 1 : -1) + entries.length) % entries.length]?.focus();
    }
  };

  return (
    <>
      {place && (
        <div ref={menu} className="row-menu channel-entry__items" role="menu" aria-label={label} style={place}
          onKeyDown={onKeyDown}>
          {items.map(({ label: text, danger, disabled, onSelect }) => (
            <button key={text} type="button" role="menuitem" disabled={disabled}
              className={`row-menu__item${danger ? ' row-menu__item--danger' : ''}`}
              onClick={() => { onClose(); onSelect(); }}>
              {text}
            </button>
          ))}
        </div>
      )}
      {renaming && (
        <Suspense fallback={null}>
          <RenameChannelModal queryClient={queryClient} channel={channel} onClose={() => setRenaming(false)} />
        </Suspense>
      )}
    </>
  );
}
