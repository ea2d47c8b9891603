// The signed-in person's own profile as their settings hold it (display name, avatar, custom
// status): what the top bar shows them of themselves. Starts from the settings the page carries and
// follows every change of them, this tab's or another device's (SettingsLive.jsx applies them).
import { create } from 'zustand';
import { pageSettings } from '../../lib/pageSettings.js';

const pick = (profile) => ({
  displayName: profile?.displayName ?? '',
  avatarUrl: profile?.avatarUrl ?? null,
  customStatus: profile?.customStatus ?? '',
});

export const useMyProfile = create(() => pick(pageSettings()?.profile));

/** A settings document's `profile` group, as it is now. */
export function applyProfile(profile) {
  if (profile) useMyProfile.setState(pick(profile));
}
