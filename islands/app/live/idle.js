// Idle on its own (contract "Presence"): no input for 5 minutes, or the app hidden for 10 →
// `presence_update {status: 'idle'}`; the first input after that → back to 'online'. Only an
// 'online' user goes idle this way: a status the user chose (idle, dnd, invisible) is never
// touched, and choosing one in the status picker ends an automatic idle (`forgetAutoIdle`).
//
// Every tab of the app counts as one user: the last input and the last time any tab was visible
// are shared through localStorage, so a hidden tab does not call someone idle who is busy typing
// in another. The server keeps the chosen status across reloads; the 'automatic' mark is kept
// beside it (localStorage) so the first input after a reload still brings the user back.
import { useEffect } from 'react';
import * as socket from '../../lib/socket.js';
import { useMyStatus } from './myStatus.js';

const INPUT_IDLE_MS = 5 * 60_000;
const HIDDEN_IDLE_MS = 10 * 60_000;
const TICK_MS = 15_000;
const SHARE_EVERY_MS = 10_000; // the last input reaches localStorage at most this often
const INPUTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'];

const LAST_INPUT = 'lobby.idle.lastInput';
const LAST_VISIBLE = 'lobby.idle.lastVisible';
const AUTO = 'lobby.idle.auto'; // set while the current 'idle' is ours, not the user's choice

// Milliseconds since the epoch from the monotonic clock: a wall-clock change (NTP, the user setting
// the time) neither fakes nor hides five quiet minutes. Close enough across tabs to share.
const clock = () => performance.timeOrigin + performance.now();

function readTime(key) {
  try {
    return Number(localStorage.getItem(key)) || 0;
  } catch {
    return 0;
  }
}

function store(key, value) {
  try {
    if (value == null) localStorage.removeItem(key);
    else localStorage.setItem(key, String(value));
  } catch {
    // private mode: this tab judges alone
  }
}

const isAuto = () => {
  try {
    return localStorage.getItem(AUTO) === '1';
  } catch {
    return false;
  }
};

/** The user picked a status themselves: an automatic idle is over, whatever it was. */
export const forgetAutoIdle = () => store(AUTO, null);

let lastInput = clock(); // this tab's; a page load is the user being here
let sharedAt = 0;
let hiddenSince = document.hidden ? clock() : null;

function goIdle() {
  if (!socket.send('presence_update', { status: 'idle' })) return; // no socket: the next tick tries again
  store(AUTO, '1');
  useMyStatus.setState({ status: 'idle' });
}

function comeBack() {
  if (!isAuto()) return;
  if (useMyStatus.getState().status !== 'idle') {
    forgetAutoIdle(); // the status changed since (another tab, another device): not ours to undo
    return;
  }
  if (!socket.send('presence_update', { status: 'online' })) return; // after the reconnect, then
  forgetAutoIdle();
  useMyStatus.setState({ status: 'online' });
}

function input() {
  const now = clock();
  lastInput = now;
  if (now - sharedAt > SHARE_EVERY_MS) {
    sharedAt = now;
    store(LAST_INPUT, now);
  }
  if (useMyStatus.getState().status === 'idle' && isAuto()) comeBack(); // (no storage read per mouse move)
}

function tick() {
  const now = clock();
  if (!document.hidden) store(LAST_VISIBLE, now);
  if (useMyStatus.getState().status !== 'online' || socket.socketStatus() !== 'connected') return;
  const quietFor = now - Math.max(lastInput, readTime(LAST_INPUT));
  const lastSeen = document.hidden ? Math.max(hiddenSince ?? now, readTime(LAST_VISIBLE)) : now;
  if (quietFor >= INPUT_IDLE_MS || now - lastSeen >= HIDDEN_IDLE_MS) goIdle();
}

function visibility() {
  if (document.hidden) {
    hiddenSince = clock();
    store(LAST_VISIBLE, hiddenSince);
  } else {
    hiddenSince = null;
    input(); // coming back to the tab is coming back
  }
}

/** Start watching (the shell, once). → stop */
export function watchIdle() {
  const options = { capture: true, passive: true };
  INPUTS.forEach((type) => window.addEventListener(type, input, options));
  document.addEventListener('visibilitychange', visibility);
  const timer = setInterval(tick, TICK_MS);
  // Connected again (a reload, a reconnect) as an automatic idle, with the user right here: back.
  const stop = socket.on('connected', (data) => {
    if (!isAuto()) return;
    if (data?.status !== 'idle') forgetAutoIdle();
    else if (!document.hidden && clock() - lastInput < INPUT_IDLE_MS) setTimeout(comeBack, 0); // after the store follows
  });
  return () => {
    INPUTS.forEach((type) => window.removeEventListener(type, input, options));
    document.removeEventListener('visibilitychange', visibility);
    clearInterval(timer);
    stop();
  };
}

export function useIdleWatch() {
  useEffect(() => watchIdle(), []);
}
