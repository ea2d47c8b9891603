// The settings page's own confirmation, where the app's (app/ui/confirm.js) does not run: the same
// markup and classes as app/ui/ConfirmDialog.jsx (a modal <dialog role="alertdialog">), built without
// React, so the standalone page asks in the app's look instead of the browser's confirm().
// Escape, the backdrop and 'Отмена' answer no; the confirm button (focused first) answers yes.
import { t } from '../lib/i18n.js';

const make = (tag, className, text) => Object.assign(document.createElement(tag), { className, textContent: text ?? '' });

/** → a promise of true (yes) or false. */
export function askInPage({ title, confirmLabel, danger = false }) {
  const dialog = make('dialog', `modal modal--sm confirm${danger ? ' confirm--danger' : ''}`);
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'in-page-confirm-title');
  const form = make('form', 'modal__body');
  const content = make('div', 'modal__content confirm__content');
  content.append(Object.assign(make('h2', 'modal__title', title), { id: 'in-page-confirm-title' }));
  const footer = make('footer', 'modal__footer');
  const cancel = Object.assign(make('button', 'btn btn-ghost', t('Отмена')), { type: 'button' });
  const yes = Object.assign(make('button', `btn ${danger ? 'confirm__danger' : 'btn-primary'}`, confirmLabel || t('Подтвердить')),
    { type: 'submit' });
  footer.append(cancel, yes);
  form.append(content, footer);
  dialog.append(form);
  const back = document.activeElement;
  document.body.append(dialog);
  return new Promise((resolve) => {
    const answer = (value) => {
      dialog.close();
      dialog.remove();
      if (back instanceof HTMLElement && back.isConnected) back.focus();
      resolve(value);
    };
    dialog.addEventListener('cancel', (event) => { event.preventDefault(); answer(false); });
    dialog.addEventListener('click', (event) => event.target === dialog && answer(false));
    cancel.addEventListener('click', () => answer(false));
    form.addEventListener('submit', (event) => { event.preventDefault(); answer(true); });
    dialog.showModal();
    yes.focus();
  });
}
