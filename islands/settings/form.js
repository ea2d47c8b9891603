// What the settings forms do with JavaScript on, in the page and in the app shell's dialog (the
// forms themselves work without it): the unsaved / saving / saved line, the accent's presets and
// colour picker kept in step, volume read-outs, the file pickers' chosen names, the browser's
// notification permission, the test button ('Тестовое уведомление'), and htmx's questions (hx-confirm: the reset) asked with `ask`,
// the app's in-app dialog, never the browser's confirm(). Listens on `root` once; the forms inside
// may be swapped.
import { t } from '../lib/i18n.js';
import { followPassword, personalParts } from '../lib/passwordHint.js';
import { submitCodeWhenComplete } from './code.js';

const FORM = 'settings-form';

function status(root, state) {
  const line = root.querySelector('#settings-status');
  if (!line) return;
  line.dataset.state = state;
  line.textContent = state === 'dirty' ? line.dataset.unsaved : state === 'saving' ? line.dataset.saving : line.textContent;
}

function saveButton(root, saving) {
  const button = root.querySelector(`button[form="${FORM}"], #${FORM} button[type="submit"][data-saving]`);
  if (!button) return;
  button.dataset.label ??= button.textContent;
  button.textContent = saving ? button.dataset.saving : button.dataset.label;
  button.toggleAttribute('aria-busy', saving);
}

/** A new password's strength hint (`data-strength`, with the account's `data-username` and
 * `data-email`: what it must not contain), from its first keystroke. */
function followStrength(field) {
  const slot = field.dataset.strength !== undefined && !field.dataset.followed && document.getElementById(`${field.id}-strength`);
  if (!slot) return;
  field.dataset.followed = 'true';
  const personal = personalParts(field.dataset.username, field.dataset.email);
  followPassword(field, slot, () => personal);
}

function onInput(root, field) {
  submitCodeWhenComplete(field);
  followStrength(field);
  if (!field.form || field.form.id !== FORM) return;
  status(root, 'dirty');
  if (field.type === 'range') {
    const shown = field.parentElement.querySelector('output');
    if (shown) shown.textContent = `${Math.round(field.value * 100)}%`;
  }
  if (field.name === 'accentPreset' && field.value !== 'custom') field.form.elements.accentColor.value = field.value;
  if (field.name === 'accentColor') {
    const custom = field.form.querySelector('input[name="accentPreset"][value="custom"]');
    if (custom) custom.checked = true;
  }
  if (field.name === 'browser' && field.checked && window.Notification?.permission === 'default') {
    Notification.requestPermission();
  }
}

/** A short tone at the form's volumes, and the system notification when it is allowed. */
async function testNotification(form) {
  const volume = Number(form.elements.masterVolume?.value ?? 0.7) * Number(form.elements['sounds.message.volume']?.value ?? 0.6);
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (Audio && volume > 0) {
    const context = new Audio();
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = 800;
    gain.gain.setValueAtTime(0.2 * volume, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.15);
    tone.connect(gain).connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.16);
    tone.onended = () => context.close();
  }
  if (!window.Notification) return;
  if (Notification.permission === 'default') await Notification.requestPermission();
  if (Notification.permission === 'granted') new Notification('Lobby', { body: t('Тестовое уведомление') });
}

/** Shows what only works with JavaScript (the test button, the file pickers' button and chosen
 * name): call after new content comes in. */
export function reveal(root) {
  for (const button of root.querySelectorAll('[data-test-notification][hidden]')) button.hidden = false;
  for (const picker of root.querySelectorAll('.file-picker:not([data-ready])')) picker.dataset.ready = '';
}

/** A file chosen in a picker: its name beside the button. */
function showChosenFile(input) {
  const name = input.closest('.file-picker')?.querySelector('.file-picker__name');
  if (!name) return;
  const file = input.files?.[0];
  name.textContent = file ? file.name : name.dataset.none;
  name.classList.toggle('is-chosen', Boolean(file));
  name.title = file ? file.name : '';
}

/** `ask(question)` → a promise of true or false: the in-app confirmation. */
export function enhance(root, ask) {
  // A save answered after the person changed the form again would swap in "Сохранено" (and that
  // save's field errors) over a change not saved yet: such an answer is not swapped. The next save,
  // already waiting out its delay, brings the true ones; the answer's settings still apply (htmx
  // reads its HX-Trigger before the swap).
  let edits = 0;
  root.addEventListener('input', (event) => {
    edits += 1;
    onInput(root, event.target);
  });
  root.addEventListener('htmx:beforeSwap', (event) => {
    const asked = event.detail.xhr?.lobbyEdits;
    if (asked !== undefined && asked !== edits) event.detail.shouldSwap = false;
  });
  root.addEventListener('htmx:confirm', (event) => {
    const { question, issueRequest } = event.detail;
    if (!question) return; // htmx asks every request; only hx-confirm's have a question
    event.preventDefault();
    ask({ title: question, confirmLabel: t('Сбросить'), danger: true }).then((yes) => yes && issueRequest(true));
  });
  root.addEventListener('change', (event) => {
    if (event.target.matches?.('.file-picker__input')) showChosenFile(event.target);
  });
  root.addEventListener('click', (event) => {
    const button = event.target.closest?.('[data-test-notification]');
    if (button) testNotification(button.form);
  });
  root.addEventListener('htmx:beforeRequest', (event) => {
    if (event.target.id !== FORM) return;
    event.detail.xhr.lobbyEdits = edits;
    status(root, 'saving');
    saveButton(root, true);
  });
  root.addEventListener('htmx:afterRequest', (event) => {
    if (event.target.id === FORM) saveButton(root, false);
  });
  // The profile's edit mode comes and goes with a swap of the frame: the focus follows the person —
  // to the first field on 'Редактировать профиль', back to that button after a save or a cancel,
  // or to the field a refused save names.
  let profileMove = null;
  root.addEventListener('click', (event) => {
    profileMove = event.target.closest?.('[data-profile]')?.dataset.profile ?? profileMove;
  });
  root.addEventListener('submit', (event) => {
    if (event.target.id === FORM && root.querySelector('#settings-frame[data-section="profile"]')) profileMove = 'save';
  });
  root.addEventListener('htmx:afterSettle', () => {
    reveal(root);
    if (!profileMove) return;
    const target = root.querySelector('#settings-form [aria-invalid="true"]')
      ?? (profileMove === 'edit' ? root.querySelector('#settings-form .field__input') : root.querySelector('[data-profile="edit"]'));
    profileMove = null;
    target?.focus();
  });
  reveal(root);
}
