// The person's settings document as the /app page carries it (the `settings-live` island's props,
// rendered by the server): modules that act on a setting read their first value here, so they are
// right from the first moment instead of after settings-live mounts (it mounts last). Later
// changes come from `lobby:settings` and the socket's `settings_changed` (app/live/SettingsLive.jsx).
let parsed;

/** → the settings document, or null on a page that carries none (the settings pages, auth). */
export function pageSettings() {
  if (parsed === undefined) {
    try {
      parsed = JSON.parse(document.querySelector('[data-island="settings-live"]')?.dataset.props || 'null')?.settings ?? null;
    } catch {
      parsed = null;
    }
  }
  return parsed;
}
