// The user's own words beside their status (spec 000: custom status, at most 50 characters). The
// server passes it on to friends and keeps it for them; this page keeps its copy locally (the
// settings' profile.customStatus), as no answer tells the user their own.
import { create } from 'zustand';
import { toast } from '../../lib/toast.js';
import * as socket from '../../lib/socket.js';
import { useMyStatus } from '../live/myStatus.js';
import { t } from '../../lib/i18n.js';

export const CUSTOM_STATUS_MAX = 50;
const KEY = 'lobby.customStatus';

function read() {
  try {
    return localStorage.getItem(KEY) || '';
  } catch {
    return '';
  }
}

export const useCustomStatus = create(() => ({ text: read() }));

/** Send it with the current status ('' clears it). → whether it went out */
export function saveCustomStatus(value) {
  const text = value.trim().slice(0, CUSTOM_STATUS_MAX);
  if (!socket.send('presence_update', { status: useMyStatus.getState().status, customStatus: text })) {
    toast.error(t('Нет соединения с сервером. Статус не изменён'));
    return false;
  }
  useCustomStatus.setState({ text });
  try {
    if (text) localStorage.setItem(KEY, text);
    else localStorage.removeItem(KEY);
  } catch {
    // private mode: this page only
  }
  return true;
}
