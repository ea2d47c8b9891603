// The shell's hold on the user's notifications: the newest page on start and after a reconnect;
// `notification` frames on top of the list (with a sound, and a system notification while the tab
// is hidden — lib/notify.js, loaded with the first notification to announce, not with the page);
// `notifications_read` from any tab or device. While the socket is
// down, GET /api/notifications every 15 s (spec 000 §9) keeps the badge honest; never while it is up.
import { useEffect } from 'react';
import * as socket from '../../lib/socket.js';
import { useSocket } from '../../lib/socket.js';
import { addNotification, applyRead, loadLatest, markRead } from '../notifications/store.js';
import { openLink } from '../notifications/openLink.js';
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

/** lib/notify.js's announce(), its code loaded on the first call that has something to say. */
function announce(notification, options) {
  // The cases announce() itself ignores need no code at all.
  if (!notification?.id || notification.isRead || options.quiet || options.dnd) return;
  import('./announce.js').then((notify) => notify.announce(notification, options), () => {});
}

export default function useLiveNotifications() {
  useEffect(() => {
    loadLatest();
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
          quiet: seen,
          dnd: useMyStatus.getState().status === 'dnd',
          onOpen: open,
        });
      }),
      socket.on('notifications_read', ({ ids, unreadCount }) => applyRead(ids, unreadCount)),
      socket.on('reconnected', () => loadLatest()),
    ];
    return () => {
      stops.forEach((stop) => stop());
      clearInterval(poll);
    };
  }, []);
}
