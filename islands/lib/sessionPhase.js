// Where this page's sign-in stands, as the /app guard shows it (spec 000 "Protected pages"): a page
// load holds no access token, and the islands can load nothing until the first silent refresh
// brings one ('authorising'); a refused refresh means the sign-in is over ('ended'), and then the
// page leaves for the sign-in page ('leaving'). api.js moves it; later refreshes stay silent.
import { useSyncExternalStore } from 'react';

let phase = 'starting'; // no token yet, none asked for
const listeners = new Set();

export const sessionPhase = () => phase;

export function setSessionPhase(next) {
  if (next === phase) return;
  phase = next;
  listeners.forEach((listener) => listener());
}

/** True while something on the page shows the phase (the /app guard): leaving then waits for it. */
export const phaseShown = () => listeners.size > 0;

function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSessionPhase = () => useSyncExternalStore(subscribe, sessionPhase);

/** The sign-in is over: the refresh was refused, whether or not the page is leaving yet. */
export const isSignedOut = (current) => current === 'ended' || current === 'leaving';
