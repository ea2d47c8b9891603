// Toasts for every island, without sonner in the first load: sonner (~10 KB gzipped) is fetched
// with the first toast of the page, and what is asked for before the toaster listens waits for it.
import { useSyncExternalStore } from 'react';
import { errorWords } from './errorWords.js';

let wanted = false;
const listeners = new Set();
let heard;
const listening = new Promise((resolve) => { heard = resolve; });

function want() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

/** True once the page has something to toast: the toaster island then loads sonner's. */
export function useToasterWanted() {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, () => wanted);
}

/** Called by the toaster once sonner's <Toaster> listens, with sonner's own `toast`. */
export function toasterListens(sonnerToast) {
  heard(sonnerToast);
}

// How long each kind of toast stays (spec 001 §9): a new message 4 s, someone joining or leaving
// 3 s, an error 5 s; anything else the toaster's 5 s. A call names its kind's duration:
// `toast.message(text, { duration: TOAST_MS.joinLeave })`; errors get theirs by themselves.
export const TOAST_MS = { newMessage: 4000, joinLeave: 3000, error: 5000 };

// An error toast speaks the interface's language, whatever words it was handed (lib/errorWords.js).
const spoken = (options) => (options?.description ? { ...options, description: errorWords(options.description) } : options);

const show = (kind) => (message, options) => {
  want();
  const timed = kind === 'error' ? { duration: TOAST_MS.error, ...spoken(options) } : options;
  const words = kind === 'error' ? errorWords(message) : message;
  listening.then((sonnerToast) => (kind ? sonnerToast[kind] : sonnerToast)(words, timed));
};

export const toast = Object.assign(show(null), {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  message: show('message'),
});
