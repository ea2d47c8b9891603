// Whether <html> carries a class the settings put there (lib/appearance.js toggles them live, the
// server renders them on a full load): components that must act differently, not only look so.
import { useSyncExternalStore } from 'react';

const html = document.documentElement;

function subscribe(callback) {
  const watcher = new MutationObserver(callback);
  watcher.observe(html, { attributeFilter: ['class'] });
  return () => watcher.disconnect();
}

export const useHtmlClass = (name) => useSyncExternalStore(subscribe, () => html.classList.contains(name));
