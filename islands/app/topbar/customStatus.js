// The user's own words beside their status (spec 000: custom status, at most 50 characters): the
// settings' profile.customStatus, saved on the server (PATCH /api/settings), which passes it on to
// friends and to the person's other tabs and devices (`settings_changed`).
import { request } from '../../lib/api.js';
import { toast } from '../../lib/toast.js';
import { applyProfile, useMyProfile } from '../live/myProfile.js';
import { t } from '../../lib/i18n.js';

export const CUSTOM_STATUS_MAX = 50;

/** The custom status as the settings hold it now. */
export const useCustomStatus = (select = (text) => text) => useMyProfile((profile) => select(profile.customStatus));

/** Save it ('' clears it). → whether it was saved */
export async function saveCustomStatus(value) {
  const customStatus = value.trim().slice(0, CUSTOM_STATUS_MAX);
  try {
    const answer = await request('/api/settings', { method: 'PATCH', body: { profile: { customStatus } } });
    applyProfile(answer?.settings?.profile);
    return true;
  } catch (error) {
    toast.error(error?.message || t('Нет соединения с сервером. Статус не изменён'));
    return false;
  }
}
