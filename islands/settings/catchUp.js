// A settings page on its own (not the dialog over the app) has no live socket, so a change made on
// another device meanwhile would leave its form stale. When the tab comes back into view, or its
// window back into focus, the section is fetched again with htmx (the frame, and with it the
// settings for the page's own look: settings_pages.section sends them as `lobby:settings`) —
// unless that would throw away something of the person's: unsaved or saving changes, a chosen
// file, an open question.
const QUIET_MS = 2000; // a focus and a visibilitychange often come together: one fetch

function busy() {
  const state = document.querySelector('#settings-status')?.dataset.state;
  return state === 'dirty' || state === 'saving' || document.querySelector('dialog[open]')
    || [...document.querySelectorAll('input[type=file]')].some((input) => input.files?.length);
}

export function catchUpOnReturn(htmx) {
  let last = Date.now();
  const refresh = () => {
    if (document.hidden || Date.now() - last < QUIET_MS || !document.querySelector('#settings-frame') || busy()) return;
    last = Date.now();
    htmx.ajax('GET', window.location.pathname, { target: '#settings-frame', swap: 'outerHTML' });
  };
  document.addEventListener('visibilitychange', refresh);
  window.addEventListener('focus', refresh);
}
