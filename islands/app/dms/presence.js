// Live statuses of the people one has DMs with: the conversations carry each person's status as
// it was when fetched; `friend_status_changed` and `user_status` frames (live/useLiveUnread.js)
// put newer ones here, and whatever shows a person reads the newer one first.
import { create } from 'zustand';
import { t } from '../../lib/i18n.js';

export const usePresence = create(() => ({})); // userId → {status, customStatus}

// user_status speaks presence's words (online, idle, dnd, offline); people carry the friends' ones.
const FROM_PRESENCE = { online: 'ONLINE', idle: 'IDLE', dnd: 'DO_NOT_DISTURB' };

export function setPresence(userId, status, customStatus) {
  if (userId == null || !status) return;
  const value = FROM_PRESENCE[status] ?? (status === status.toUpperCase() ? status : 'OFFLINE');
  usePresence.setState((state) => ({
    [userId]: { status: value, customStatus: customStatus === undefined ? state[userId]?.customStatus : customStatus },
  }));
}

export const STATUS_LABELS = {
  ONLINE: t('В сети'),
  IDLE: t('Отошел'),
  DO_NOT_DISTURB: t('Не беспокоить'),
  OFFLINE: t('Не в сети'),
};

/** A person's status, the live one when heard. */
export function usePersonStatus(person) {
  const live = usePresence((state) => (person?.id != null ? state[person.id] : undefined));
  return {
    status: live?.status ?? person?.status ?? 'OFFLINE',
    customStatus: live ? live.customStatus ?? person?.customStatus ?? null : person?.customStatus ?? null,
  };
}
