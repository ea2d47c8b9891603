// The user's notifications (contract "Mentions, read state, unread, notifications"): the newest
// pages of GET /api/notifications and the unread count the badge shows. One store, not a query
// cache: live frames prepend, other tabs' reads flip flags, and older pages are appended by
// `before=` — three kinds of change to one list, simplest kept in one place.
//
//   items        newest first, as the API sends them
//   unreadCount  the server's word (every answer and frame carries it)
//   hasMore      an older page may exist
import { create } from 'zustand';
import { post } from '../../lib/api.js';
import { apiGet } from '../data/queries.js';
import { t } from '../../lib/i18n.js';

export const PAGE = 20;

export const useNotifications = create(() => ({
  items: [],
  unreadCount: 0,
  loaded: false,
  failed: false,
  hasMore: false,
  loadingMore: false,
}));

const set = (patch) => useNotifications.setState(patch);
const byNewest = (a, b) => b.id - a.id;

/** The badge: '9+' above 9. */
export const badgeLabel = (n) => (n > 9 ? '9+' : String(n));

/** The screen reader's name of the bell, with the count. */
export const bellLabel = (n) => (n > 0 ? t('Уведомления, непрочитанных: {n}', { n }) : t('Уведомления'));

let latest = null;
let readEpoch = 0; // counts read changes: a GET sent before one answers with stale flags and count

/**
 * GET the newest page (start, reconnect, the poll while the socket is down). It is merged with
 * what is shown: when it overlaps, older pages already loaded stay; when 20 new ones arrived
 * meanwhile (a gap), the list starts over from this page.
 */
export function loadLatest() {
  latest ??= (async () => {
    try {
      let data;
      let epoch;
      do {
        epoch = readEpoch;
        data = await apiGet(`/api/notifications?limit=${PAGE}`);
      } while (epoch !== readEpoch);
      const page = data?.notifications ?? [];
      const { items, hasMore } = useNotifications.getState();
      const fresh = new Set(page.map((item) => item.id));
      const newest = page.length ? page[0].id : 0;
      const oldest = page.length ? page[page.length - 1].id : Infinity;
      // Frames heard while this GET was out are newer than its answer: they stay, and count.
      const newer = items.filter((item) => item.id > newest && !fresh.has(item.id));
      const gap = page.length === PAGE && items.length > 0 && !items.some((item) => fresh.has(item.id));
      const older = gap ? [] : items.filter((item) => !fresh.has(item.id) && item.id < oldest);
      set({
        items: [...newer, ...page, ...older],
        unreadCount: (data?.unreadCount ?? 0) + newer.filter((item) => !item.isRead).length,
        hasMore: older.length ? hasMore : page.length === PAGE,
        loaded: true,
        failed: false,
      });
    } catch (error) {
      console.warn('notifications: could not load', error);
      set({ failed: !useNotifications.getState().loaded });
    } finally {
      latest = null;
    }
  })();
  return latest;
}

/** The next older page (`before=` the oldest shown). */
export async function loadMore() {
  const { items, hasMore, loadingMore } = useNotifications.getState();
  if (!hasMore || loadingMore || !items.length) return;
  set({ loadingMore: true });
  try {
    const before = items[items.length - 1].id;
    const data = await apiGet(`/api/notifications?before=${before}&limit=${PAGE}`);
    const page = data?.notifications ?? [];
    const known = new Set(useNotifications.getState().items.map((item) => item.id));
    set((state) => ({
      items: [...state.items, ...page.filter((item) => !known.has(item.id))].sort(byNewest),
      hasMore: page.length === PAGE,
      unreadCount: data?.unreadCount ?? state.unreadCount,
    }));
  } catch (error) {
    console.warn('notifications: could not load older ones', error);
  } finally {
    set({ loadingMore: false });
  }
}

/** A `notification` frame: on top (or in place, when the server updated one we show). */
export function addNotification(notification, unreadCount) {
  if (!notification?.id) return;
  useNotifications.setState((state) => ({
    items: [notification, ...state.items.filter((item) => item.id !== notification.id)].sort(byNewest),
    unreadCount: unreadCount ?? state.unreadCount + (notification.isRead ? 0 : 1),
  }));
}

/** A `notifications_read` frame, or our own answer: `ids` null means all. */
export function applyRead(ids, unreadCount) {
  readEpoch += 1;
  const read = ids == null ? null : new Set(ids);
  useNotifications.setState((state) => ({
    items: state.items.map((item) => (!item.isRead && (read == null || read.has(item.id)) ? { ...item, isRead: true } : item)),
    unreadCount: unreadCount ?? state.unreadCount,
  }));
}

/** Mark one read: shown at once, then the server's count. */
export async function markRead(id) {
  const item = useNotifications.getState().items.find((entry) => entry.id === id);
  if (item?.isRead) return;
  applyRead([id], Math.max(0, useNotifications.getState().unreadCount - 1));
  try {
    const data = await post(`/api/notifications/${id}/read`);
    applyRead([id], data?.unreadCount); // again: a GET that crossed the POST must not undo it
  } catch (error) {
    console.warn('notifications: could not mark read', error);
    loadLatest(); // the server's truth back
  }
}

/** 'Прочитать все'. */
export async function markAllRead() {
  applyRead(null, 0);
  try {
    const data = await post('/api/notifications/read-all');
    applyRead(null, data?.unreadCount ?? 0);
  } catch (error) {
    console.warn('notifications: could not mark all read', error);
    loadLatest();
    throw error;
  }
}
