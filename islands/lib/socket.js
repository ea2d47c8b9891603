// The page's one live socket (spec 001 §7 "Live socket", spec 000 §4 "Live connection"): a module
// singleton every island shares. Frames are {type, data, messageId} both ways.
//
//   connect()               open it (idempotent); the access token comes from api.js
//   send(type, data)        → the frame's messageId, or null when the socket is not connected
//   on(type, handler)       → unsubscribe; handler(data, frame). Local signals besides the server's
//                           frame types: 'open' (every 'connected'), 'reconnected' (every one after
//                           the first, and the server's 'resync'), 'disconnected', 'gave_up'.
//   joinChannel(id) / leaveChannel(id)   counted; joined channels are joined again after a reconnect
//   reconnect()             the manual button once the automatic attempts gave up
//   disconnect()            manual close, code 1000, no reconnect
//   useSocket(selector)     zustand store {status: 'disconnected'|'connecting'|'connected', gaveUp, retryAt}
//
// On a close it reconnects up to 3 times, 5 s, 10 s, 20 s apart, then stops until reconnect().
// A 4001 close means the token was refused: refresh it and try again at once (once in a row).
// A 4008 close means the person opened more sockets than the server allows (tabs, devices) and
// this one was the oldest: it does not come back on its own — it would close the next oldest,
// which would come back and close another — but says so (`crowded`) and waits for reconnect().
import { create } from 'zustand';
import { getAccessToken, isSessionEnded, refreshSession } from './api.js';

const MAX_ATTEMPTS = 3;
const BASE_DELAY = 5000;
const NORMAL_CLOSURE = 1000;
const UNAUTHORIZED = 4001;
const CROWDED = 4008;
const SILENT_CLOSE = 4000; // ours: nothing heard for too long (the server pings every 25 s)
const SILENCE_LIMIT = 70_000;

export const useSocket = create(() => ({ status: 'disconnected', gaveUp: false, retryAt: null, crowded: false }));

const listeners = new Map(); // type → Set(handler)
const joined = new Map(); // channelId → how many views joined it
let ws = null;
let opening = false;
let wanted = false; // someone asked for the connection; a manual disconnect clears it
let attempts = 0;
let retryTimer = null;
let hadSession = false; // connected once already: the next 'connected' is a reconnect
let freshToken = false; // the last close refused our token: refresh before the next try
let authRetried = false;
let lastHeard = 0;
let watchdog = null;
let frameSeq = 0;

const setState = (patch) => useSocket.setState(patch);
export const socketStatus = () => useSocket.getState().status;
export const isConnected = () => socketStatus() === 'connected';

function emit(type, data, frame) {
  const handlers = listeners.get(type);
  if (!handlers) return;
  for (const handler of [...handlers]) {
    try {
      handler(data, frame);
    } catch (error) {
      console.error(`socket handler for "${type}" failed`, error);
    }
  }
}

export function on(type, handler) {
  if (!listeners.has(type)) listeners.set(type, new Set());
  listeners.get(type).add(handler);
  return () => listeners.get(type)?.delete(handler);
}

function socketUrl(token) {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws?token=${encodeURIComponent(token)}`;
}

async function open() {
  if (ws || opening) return;
  opening = true;
  setState({ status: 'connecting', retryAt: null });
  try {
    if ((freshToken || !getAccessToken()) && !(await refreshSession()) && isSessionEnded()) {
      // Our token was refused and so was the refresh: this sign-in is over (a password reset, a
      // deactivation, a sign-out in another tab). Retrying would only knock on a locked door.
      wanted = false;
      setState({ status: 'disconnected' });
      emit('session_ended', {});
      return;
    }
    freshToken = false;
    const token = getAccessToken();
    if (!wanted) {
      setState({ status: 'disconnected' });
      return;
    }
    if (!token) {
      setState({ status: 'disconnected' });
      scheduleRetry();
      return;
    }
    const socket = new WebSocket(socketUrl(token));
    ws = socket;
    socket.onopen = () => { socket.opened = true; };
    socket.onmessage = (event) => receive(socket, event);
    socket.onclose = (event) => closed(socket, event);
    socket.onerror = () => {}; // a close event always follows; it decides what happens next
  } catch (error) {
    console.warn('live socket: could not open', error);
    ws = null;
    setState({ status: 'disconnected' });
    scheduleRetry();
  } finally {
    opening = false;
  }
}

function receive(socket, event) {
  if (socket !== ws) return;
  lastHeard = Date.now();
  let frame;
  try {
    frame = JSON.parse(event.data);
  } catch {
    console.warn('live socket: a frame that is not JSON');
    return;
  }
  if (!frame || typeof frame.type !== 'string') return;
  const { type } = frame;
  const data = frame.data ?? {};
  if (type === 'ping') {
    send('pong', {});
    return;
  }
  if (type === 'connected') {
    socket.welcomed = true;
    const again = hadSession;
    hadSession = true;
    attempts = 0;
    authRetried = false;
    setState({ status: 'connected', gaveUp: false, retryAt: null });
    startWatchdog();
    for (const channelId of joined.keys()) send('join_channel', { channelId });
    emit('connected', data, frame);
    emit('open', data, frame);
    if (again) emit('reconnected', data, frame);
    return;
  }
  if (type === 'resync') {
    // Live events may have been lost on the server's side (its Redis was away) while this socket
    // stayed open: catch up exactly as after a reconnect.
    emit('reconnected', data, frame);
    return;
  }
  emit(type, data, frame);
  emit('*', data, frame);
}

function closed(socket, event) {
  if (socket !== ws) return;
  ws = null;
  stopWatchdog();
  setState({ status: 'disconnected', retryAt: null });
  emit('disconnected', { code: event.code });
  if (!wanted) return;
  if (event.code === CROWDED) {
    setState({ gaveUp: true, crowded: true });
    emit('gave_up', {});
    return;
  }
  // 4001, or an accepted socket closed before its 'connected' frame (behind some servers the
  // close code arrives as 1006): the token was refused.
  if (event.code === UNAUTHORIZED || (socket.opened && !socket.welcomed)) {
    freshToken = true;
    if (!authRetried) {
      authRetried = true;
      open();
      return;
    }
  }
  scheduleRetry();
}

function scheduleRetry() {
  if (!wanted || retryTimer) return;
  if (attempts >= MAX_ATTEMPTS) {
    setState({ status: 'disconnected', gaveUp: true, retryAt: null });
    emit('gave_up', {});
    return;
  }
  const delay = BASE_DELAY * 2 ** attempts;
  attempts += 1;
  setState({ retryAt: Date.now() + delay });
  retryTimer = setTimeout(() => {
    retryTimer = null;
    open();
  }, delay);
}

function startWatchdog() {
  stopWatchdog();
  lastHeard = Date.now();
  watchdog = setInterval(() => {
    if (ws && Date.now() - lastHeard > SILENCE_LIMIT) ws.close(SILENT_CLOSE, 'silent');
  }, 10_000);
}

function stopWatchdog() {
  clearInterval(watchdog);
  watchdog = null;
}

/** Open the socket unless it is open, opening or waiting to retry. */
export function connect() {
  wanted = true;
  if (ws || opening || retryTimer || useSocket.getState().gaveUp) return;
  open();
}

/** The manual reconnect: a fresh round of attempts, starting now. */
export function reconnect() {
  wanted = true;
  attempts = 0;
  authRetried = false;
  clearTimeout(retryTimer);
  retryTimer = null;
  setState({ gaveUp: false, crowded: false });
  if (!ws && !opening) open();
}

/** The manual disconnect (code 1000): no automatic reconnect after it. */
export function disconnect() {
  wanted = false;
  clearTimeout(retryTimer);
  retryTimer = null;
  const socket = ws;
  ws = null;
  stopWatchdog();
  setState({ status: 'disconnected', retryAt: null });
  if (socket) {
    socket.close(NORMAL_CLOSURE, 'bye');
    emit('disconnected', { code: NORMAL_CLOSURE });
  }
}

/** Send one frame; → its messageId, or null when the socket is not connected (nothing queued). */
export function send(type, data = {}) {
  if (!ws || ws.readyState !== WebSocket.OPEN) return null;
  if (type !== 'pong' && socketStatus() !== 'connected') return null;
  frameSeq += 1;
  const messageId = data?.nonce ?? `c${frameSeq}`;
  try {
    ws.send(JSON.stringify({ type, data, messageId }));
  } catch (error) {
    console.warn('live socket: send failed', error);
    return null;
  }
  return messageId;
}

export function joinChannel(channelId) {
  joined.set(channelId, (joined.get(channelId) || 0) + 1);
  if (joined.get(channelId) === 1) send('join_channel', { channelId });
}

export function leaveChannel(channelId) {
  const left = (joined.get(channelId) || 0) - 1;
  if (left > 0) {
    joined.set(channelId, left);
    return;
  }
  joined.delete(channelId);
  send('leave_channel', { channelId });
}

// The network is back: do not sit out a 20 s back-off, or stay given up.
window.addEventListener('online', () => {
  if (wanted && !ws && !opening) reconnect();
});
