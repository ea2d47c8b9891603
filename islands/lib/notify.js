// Telling the user of a notification while they look elsewhere (spec 000 §9): the matching sound
// from lib/sounds.js, and a system notification when the tab is hidden — the actor's name as its
// title, the text cut at 100 characters, closed after 5 s; a click brings the tab forward and
// opens the notification's link.
//
// Permission is asked only while it is 'default', and only from a click (browsers ignore or
// penalise a prompt nobody asked for): the notifications panel and the settings page offer it.
// Whether to show them at all is the person's settings, stored on the server: notifications.enabled
// (every notification, sounds included) and notifications.browser (the system ones), from the
// page's settings at first, then from every change (app/live/SettingsLive.jsx).
import { pageSettings } from './pageSettings.js';
import { playSound } from './sounds.js';

const LAST_ALERT = 'lobby.lastAlert'; // the newest notification id some tab already announced
const LAST_MESSAGE_ALERT = 'lobby.lastMessageAlert'; // the same for messages of servers heard whole
const PREVIEW = 100;
const CLOSE_AFTER = 5000;

// A notification's type → one of the twelve sounds (there is no separate 'notification' tone).
const SOUND_OF = {
  MENTION: 'mention',
  REPLY: 'mention',
  DM: 'dm',
  FRIEND_REQUEST: 'join',
  FRIEND_ACCEPTED: 'success',
};

export const browserSupports = () => typeof window !== 'undefined' && 'Notification' in window;
export const permission = () => (browserSupports() ? Notification.permission : 'denied');

let wanted = { enabled: true, browser: true, ...pick(pageSettings()?.notifications) };

function pick(notifications) {
  const out = {};
  for (const key of ['enabled', 'browser']) if (typeof notifications?.[key] === 'boolean') out[key] = notifications[key];
  return out;
}

/** The settings' `notifications` group (or any part of it) as it is now. */
export function setNotificationSettings(notifications) {
  wanted = { ...wanted, ...pick(notifications) };
}

export const browserNotificationsEnabled = () => wanted.enabled && wanted.browser;

/** Ask for permission: call from a click handler only. → the answer ('granted', 'denied', ...). */
export async function askPermission() {
  if (!browserSupports() || Notification.permission !== 'default') return permission();
  try {
    return await Notification.requestPermission();
  } catch {
    return permission();
  }
}

/** 'text' cut at `limit` characters with '…'. */
export function preview(text, limit = PREVIEW) {
  const chars = Array.from(text || '');
  return chars.length > limit ? `${chars.slice(0, limit).join('')}…` : chars.join('');
}

/**
 * One tab announces each notification: every tab of the user hears the same frame, and two tabs
 * must not beep twice. The Web Locks API makes the check-and-set atomic across tabs; without it a
 * plain localStorage marker is nearly as good.
 */
function claim(id, then, key = LAST_ALERT) {
  const attempt = () => {
    let last = 0;
    try {
      last = Number(localStorage.getItem(key)) || 0;
      if (last >= id) return;
      localStorage.setItem(key, String(id));
    } catch {
      // no storage: every tab speaks for itself
    }
    then();
  };
  if (navigator.locks?.request) {
    navigator.locks.request('lobby-alert', attempt).catch(() => {});
  } else {
    attempt();
  }
}

function showSystem({ id, title, body, icon, tag }, onOpen) {
  if (!browserSupports() || Notification.permission !== 'granted' || !browserNotificationsEnabled()) return;
  try {
    const shown = new Notification(title || 'Lobby', {
      body: preview(body),
      icon: icon || '/static/img/logo.svg',
      tag, // another tab's copy replaces, never doubles
    });
    shown.onclick = () => {
      window.focus();
      shown.close();
      onOpen?.(id);
    };
    setTimeout(() => shown.close(), CLOSE_AFTER);
  } catch {
    // some browsers (Android Chrome) allow notifications only from a service worker: the badge says it
  }
}

/**
 * A new notification arrived live. `quiet`: the user looks at it already (its channel on screen),
 * or its server is muted or set to nothing: no sound (the chat plays its own) and no system
 * notification. `dnd`: the user asked for silence. `title` (the actor's shown name) and `body`
 * (its words in this page's language) are the system notification's. `onOpen(notification)` runs
 * when the system notification is clicked.
 */
export function announce(notification, { quiet = false, dnd = false, title, body, onOpen } = {}) {
  if (!notification?.id || notification.isRead || quiet || dnd) return;
  claim(notification.id, () => {
    const sound = SOUND_OF[notification.type];
    if (sound) playSound(sound);
    if (document.hidden) {
      showSystem({ id: notification.id, title, body: body ?? notification.text, icon: notification.actor?.profileImageUrl,
        tag: `lobby-notification-${notification.id}` }, () => onOpen?.(notification));
    }
  });
}

/**
 * A message of a server the person hears whole (level 'all'): the message sound, and a system
 * notification while the tab is hidden (`title`, `body`), once across the person's tabs.
 */
export function announceMessage({ id, title, body, onOpen, dnd = false }) {
  if (!id || dnd) return;
  claim(id, () => {
    playSound('message');
    if (document.hidden) showSystem({ id, title, body, tag: `lobby-message-${id}` }, onOpen);
  }, LAST_MESSAGE_ALERT);
}
