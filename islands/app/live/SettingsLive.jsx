// The `settings-live` island of the /app page, mounted after all the others (main.jsx `LAST`), so
// none of it is first-load code: the person's settings applied as they change — on this page
// (htmx's `lobby:settings` after a save in the dialog) and on their other devices (the socket's
// `settings_changed`) — including the sounds and notifications, whose changes in the page it saves
// in turn; and the settings dialog over the shell whenever the address is /app/settings[/<section>].
import { useEffect } from 'react';
import '../regions/firstLoad.js'; // one chunk with the first load: see there
import { applySettings, followSettingsEvents } from '../../lib/appearance.js';
import { request } from '../../lib/api.js';
import { setNotificationSettings } from '../../lib/notify.js';
import { on } from '../../lib/socket.js';
import { setSoundSettings, useSounds } from '../../lib/sounds.js';
import { currentPath, matchRoute, navigate, useRouter } from '../router.js';
import { applyProfile } from './myProfile.js';

let applying = false; // our own change of the sounds' store, not the person's

/** Everything of a new settings document that is not the page's look (lib/appearance.js does that). */
function applyRest(settings) {
  applyProfile(settings?.profile);
  applyNotifications(settings);
}

function applyNotifications(settings) {
  const notifications = settings?.notifications;
  if (!notifications) return;
  setNotificationSettings(notifications);
  applying = true;
  setSoundSettings({ enabled: notifications.enabled, masterVolume: notifications.masterVolume, types: notifications.sounds });
  applying = false;
}

/** A sound changed in the page (the chat's bell) is a settings change: saved, so it lasts. */
function saveSoundChanges() {
  return useSounds.subscribe((now, before) => {
    if (applying || (now.types === before.types && now.masterVolume === before.masterVolume && now.enabled === before.enabled)) return;
    const sounds = Object.fromEntries(Object.entries(now.types).map(([name, { enabled, volume }]) => [name, { enabled, volume }]));
    const notifications = { enabled: now.enabled, masterVolume: now.masterVolume, sounds };
    request('/api/settings', { method: 'PATCH', body: { notifications } })
      .catch((error) => console.error('the sound settings were not saved', error));
  });
}

function followRoute(css) {
  let back = '/app';
  let shown = false;
  const show = async ({ path }) => {
    const settings = matchRoute(path).name === 'settings';
    const dialog = await import('../../settings/dialog.js');
    if (!settings) {
      back = path;
      if (shown) dialog.closeSettings();
      shown = false;
      return;
    }
    if (shown) return;
    shown = true;
    dialog.openSettings(path, {
      css,
      // Back where the person was, unless they already went elsewhere: the dialog's `close` event
      // comes a task after Escape, so a key pressed at once (Ctrl+N) has moved the address first.
      onClose: () => {
        shown = false;
        if (matchRoute(currentPath()).name === 'settings') navigate(back);
      },
      onSection: (section) => navigate(section, { replace: true }),
    });
  };
  const now = useRouter.getState();
  if (matchRoute(now.path).name === 'settings') show(now);
  else back = now.path;
  return useRouter.subscribe((state) => (matchRoute(state.path).name === 'settings' || shown ? show(state) : (back = state.path)));
}

export default function SettingsLive({ settings, css }) {
  useEffect(() => {
    applyRest(settings);
    followSettingsEvents(applyRest);
    const unsubscribe = followRoute(css);
    const unsave = saveSoundChanges();
    const off = on('settings_changed', (data) => {
      applySettings(data.settings);
      applyRest(data.settings);
    });
    return () => { off(); unsubscribe(); unsave(); };
  }, [settings, css]);
  return null;
}
