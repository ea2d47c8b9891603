// The settings over the app shell (spec 000 §2 Settings modal): the settings page's frame, fetched
// as htmx asks for it, in a modal <dialog>; htmx then runs its forms and tabs inside. Loaded only
// when settings are first opened. The shell's router owns the address: htmx's history is off there
// (shell.html's htmx-config), and a tab that swaps in reports its path through `onSection`.
import htmx from 'htmx.org';
import '../app/regions/firstLoad.js'; // one chunk with the /app page's first load: see there
import { askConfirm } from '../app/ui/confirm.js';
import { enhance, reveal } from './form.js';

let dialog = null;
let handlers = {};

function make(css) {
  dialog = document.createElement('dialog');
  dialog.className = 'settings-dialog';
  dialog.setAttribute('aria-labelledby', 'settings-title');
  document.body.append(dialog);
  enhance(dialog, askConfirm);
  dialog.addEventListener('click', (event) => {
    if (event.target.closest?.('[data-settings-close]')) {
      event.preventDefault();
      dialog.close();
    }
  });
  dialog.addEventListener('close', () => handlers.onClose?.());
  dialog.addEventListener('htmx:afterRequest', (event) => {
    const { requestConfig, pathInfo, successful } = event.detail;
    if (successful && requestConfig?.verb === 'get') handlers.onSection?.(pathInfo.requestPath);
  });
  const sheet = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: css });
  const loaded = new Promise((resolve) => { sheet.onload = resolve; sheet.onerror = resolve; });
  document.head.append(sheet);
  return loaded;
}

/** Shows `path` (an /app/settings/<section> address) in the dialog. */
export async function openSettings(path, { css, onClose, onSection }) {
  handlers = { onClose, onSection };
  const styled = dialog ? null : make(css);
  const wanted = /^\/app\/settings\/?$/.test(path) ? '/app/settings/profile' : path;
  const response = await fetch(wanted, { headers: { 'HX-Request': 'true' } });
  if (!new URL(response.url).pathname.startsWith('/app/settings')) {
    window.location.assign(response.url); // signed out meanwhile: the sign-in page, as a page
    return;
  }
  dialog.innerHTML = await response.text(); // not an htmx swap: what htmx:afterSettle would do, done here
  htmx.process(dialog);
  reveal(dialog);
  await styled;
  if (!dialog.open) dialog.showModal();
}

export function closeSettings() {
  if (dialog?.open) dialog.close();
}
