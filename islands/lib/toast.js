// Toasts for every island, without sonner in the first load: sonner (~10 KB gzipped) is fetched
// with the first toast of the page, and what is asked for before the toaster listens waits for it.
import { useSyncExternalStore } from 'react';

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

const show = (kind) => (...args) => {
  want();
  listening.then((sonnerToast) => (kind ? sonnerToast[kind] : sonnerToast)(...args));
};

export const toast = Object.assign(show(null), {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  message: show('message'),
});
