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
function claim(id, then) {
  const attempt = () => {
    let last = 0;
    try {
      last = Number(localStorage.getItem(LAST_ALERT)) || 0;
      if (last >= id) return;
      localStorage.setItem(LAST_ALERT, String(id));
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

function showSystem(notification, onOpen) {
  if (!browserSupports() || Notification.permission !== 'granted' || !browserNotificationsEnabled()) return;
  try {
    const shown = new Notification(notification.actor?.username || 'Lobby', {
      body: preview(notification.text),
      icon: notification.actor?.profileImageUrl || '/static/img/logo.svg',
      tag: `lobby-notification-${notification.id}`, // another tab's copy replaces, never doubles
    });
    shown.onclick = () => {
      window.focus();
      shown.close();
      onOpen?.(notification);
    };
    setTimeout(() => shown.close(), CLOSE_AFTER);
  } catch {
    // some browsers (Android Chrome) allow notifications only from a service worker: the badge says it
  }
}

/**
 * A new notification arrived live. `quiet`: the user looks at it already (its channel on screen):
 * no sound (the chat plays its own) and no system notification. `dnd`: the user asked for silence.
 * `onOpen(notification)` runs when the system notification is clicked.
 */
export function announce(notification, { quiet = false, dnd = false, onOpen } = {}) {
  if (!notification?.id || notification.isRead || quiet || dnd) return;
  claim(notification.id, () => {
    const sound = SOUND_OF[notification.type];
    if (sound) playSound(sound);
    if (document.hidden) showSystem(notification, onOpen);
  });
}
