// What the settings forms do with JavaScript on, in the page and in the app shell's dialog (the
// forms themselves work without it): the unsaved / saving / saved line, the accent's presets and
// colour picker kept in step, volume read-outs, the browser's notification permission, the test
// button ('Тестовое уведомление'), and htmx's questions (hx-confirm: the reset) asked with `ask`,
// the app's in-app dialog, never the browser's confirm(). Listens on `root` once; the forms inside
// may be swapped.
import { t } from '../lib/i18n.js';
import { submitCodeWhenComplete } from './code.js';

const FORM = 'settings-form';

function status(root, state) {
  const line = root.querySelector('#settings-status');
  if (!line) return;
  line.dataset.state = state;
  line.textContent = state === 'dirty' ? line.dataset.unsaved : state === 'saving' ? line.dataset.saving : line.textContent;
}

function saveButton(root, saving) {
  const button = root.querySelector(`button[form="${FORM}"]`);
  if (!button) return;
  button.dataset.label ??= button.textContent;
  button.textContent = saving ? button.dataset.saving : button.dataset.label;
  button.toggleAttribute('aria-busy', saving);
}

function onInput(root, field) {
  submitCodeWhenComplete(field);
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

/** Shows what only works with JavaScript (the test button): call after new content comes in. */
export function reveal(root) {
  for (const button of root.querySelectorAll('[data-test-notification][hidden]')) button.hidden = false;
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
  root.addEventListener('htmx:afterSettle', () => reveal(root));
  reveal(root);
}
