// The shell's hold on the user's notifications: the newest page on start and after a reconnect;
// `notification` frames on top of the list (with a sound, and a system notification while the tab
// is hidden — lib/notify.js, loaded with the first notification to announce, not with the page);
// `notifications_read` from any tab or device. While the socket is
// down, GET /api/notifications every 15 s (spec 000 §9) keeps the badge honest; never while it is up.
//
// Per-server notification settings too (notifications/serverLevels.js): loaded with the rest and
// followed live (`server_notifications`); a muted or 'nothing' server never sounds, and at 'all'
// every message of a server sounds (`channel_activity`), shown in the browser while hidden.
import { useEffect } from 'react';
import * as socket from '../../lib/socket.js';
import { useSocket } from '../../lib/socket.js';
import { t } from '../../lib/i18n.js';
import { appQueryClient } from '../data/queryClient.js';
import { keys } from '../data/queries.js';
import { useUnread } from '../data/unread.js';
import { addNotification, applyRead, loadLatest, markRead } from '../notifications/store.js';
import { openLink } from '../notifications/openLink.js';
import { applyServerLevel, hearsAll, isQuiet, loadServerLevels } from '../notifications/serverLevels.js';
import { actorName, notificationWords } from '../notifications/words.js';
import { matchRoute } from '../router.js';
import { useMyStatus } from './myStatus.js';

const POLL_MS = 15_000;

/** The user looks at this notification's channel right now: the chat already told them. */
function onScreen(notification) {
  if (document.hidden || notification.channelId == null) return false;
  const here = matchRoute(window.location.pathname + window.location.search);
  if (here.channelId != null) return here.channelId === notification.channelId;
  // A DM shows under /app/friends?dm={userId}: the conversation with the actor is on screen.
  return notification.type === 'DM' && here.dm != null && here.dm === notification.actor?.id;
}

function open(notification) {
  markRead(notification.id);
  openLink(notification.link);
}

/** lib/notify.js, its code loaded on the first call that has something to say. */
function withNotify(then) {
  import('./announce.js').then(then, () => {});
}

function announce(notification, options) {
  // The cases announce() itself ignores need no code at all.
  if (!notification?.id || notification.isRead || options.quiet || options.dnd) return;
  withNotify((notify) => notify.announce(notification, options));
}

/** The name of a channel the app has listed, for a message's system notification. */
function channelName(serverId, channelId) {
  const listed = appQueryClient().getQueryData(keys.channels(serverId));
  return (listed?.channels ?? listed ?? []).find?.((channel) => channel.id === channelId)?.name;
}

/** `channel_activity` of a server heard whole (level 'all'): its message sounds, like a mention. */
function announceMessage(activity, meId) {
  const { channelId, serverId, messageId, authorId, mentioned } = activity ?? {};
  if (serverId == null || authorId === meId || mentioned || !hearsAll(serverId)) return; // a mention notifies itself
  const viewing = useUnread.getState().viewing;
  if (viewing?.channelId === channelId && viewing.seeing) return;
  const name = channelName(serverId, channelId);
  withNotify((notify) => notify.announceMessage({
    id: messageId,
    dnd: useMyStatus.getState().status === 'dnd',
    title: name ? `#${name}` : 'Lobby',
    body: name ? t('Новое сообщение в #{channel}', { channel: name }) : t('Новое сообщение'),
    onOpen: () => openLink(`/app/servers/${serverId}/channels/${channelId}`),
  }));
}

export default function useLiveNotifications(userId) {
  useEffect(() => {
    loadLatest();
    loadServerLevels();
    let poll = null;
    const follow = (status) => {
      if (status === 'connected') {
        clearInterval(poll);
        poll = null;
      } else {
        poll ??= setInterval(loadLatest, POLL_MS);
      }
    };
    follow(useSocket.getState().status);
    const stops = [
      useSocket.subscribe((state) => follow(state.status)),
      socket.on('notification', ({ notification, unreadCount }) => {
        addNotification(notification, unreadCount);
        const seen = onScreen(notification);
        // A mention in the very channel the user reads, in a focused window: seen already.
        if (seen && document.hasFocus()) markRead(notification.id);
        announce(notification, {
          quiet: seen || isQuiet(notification.serverId),
          dnd: useMyStatus.getState().status === 'dnd',
          title: actorName(notification),
          body: notificationWords(notification),
          onOpen: open,
        });
      }),
      socket.on('notifications_read', ({ ids, unreadCount }) => applyRead(ids, unreadCount)),
      socket.on('server_notifications', applyServerLevel),
      socket.on('channel_activity', (activity) => announceMessage(activity, userId)),
      socket.on('reconnected', () => {
        loadLatest();
        loadServerLevels();
      }),
    ];
    return () => {
      stops.forEach((stop) => stop());
      clearInterval(poll);
    };
  }, [userId]);
}
