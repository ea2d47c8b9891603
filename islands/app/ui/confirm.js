// The app's own confirmation, in place of the browser's confirm() and prompt(): a question in the
// app's look and language, answered with a promise. One question at a time; a second one waits
// for the first. The dialog itself is ConfirmHost.jsx, mounted once in the shell (Modals.jsx).
//   if (await askConfirm({ title: t('Удалить сообщение?'), confirmLabel: t('Удалить'), danger: true })) …
//   const reason = await askText({ title, label: t('Причина исключения:'), required: true }); // null = cancelled
import { create } from 'zustand';

export const useConfirm = create(() => ({ current: null }));

const waiting = [];

function showNext() {
  if (useConfirm.getState().current || !waiting.length) return;
  useConfirm.setState({ current: waiting.shift() });
}

function ask(question) {
  return new Promise((resolve) => {
    waiting.push({
      ...question,
      id: Math.random().toString(36).slice(2),
      answer: (value) => {
        useConfirm.setState({ current: null });
        resolve(value);
        showNext();
      },
    });
    showNext();
  });
}

/**
 * → true when confirmed, false on cancel / Escape.
 * typed: a text the person must type exactly before the confirm button enables (e.g. a server's name).
 */
export function askConfirm({ title, message = '', confirmLabel, danger = false, typed = null }) {
  return ask({ kind: 'confirm', title, message, confirmLabel, danger, typed });
}

/** → the entered text (trimmed), or null on cancel / Escape. required: an empty text can't be sent. */
export function askText({ title, label, message = '', confirmLabel, required = false, danger = false }) {
  return ask({ kind: 'text', title, label, message, confirmLabel, required, danger });
}
