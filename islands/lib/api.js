// The one fetch wrapper (spec §7 and §8 "HTTP wrapper"): JSON in and out, cookies, the bearer
// token while one is held, one silent refresh shared by concurrent calls on a 401, and every
// failure thrown as an ApiError {message, status, code, errors}.
import { phaseShown, sessionPhase, setSessionPhase } from './sessionPhase.js';

// The access token lives in memory only: a page load starts without one and refreshes from the
// httpOnly cookie when a call needs it.
let accessToken = null;

export function setAccessToken(token) {
  accessToken = token || null;
}

export function getAccessToken() {
  return accessToken;
}

export class ApiError extends Error {
  constructor(message, { status = 0, code = 'UNKNOWN_ERROR', errors = null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

export const UNREACHABLE =
  'Backend service is currently unavailable. Please check your connection and try again.';

// Pages where a lost session must not bounce the visitor to /login (they are already there).
const AUTH_PAGES = /^\/(auth|login|verify-email)(\/|$)/;

async function readBody(response) {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null; // an HTML error page from a proxy: the status says enough
  }
}

export function failure(response, data) {
  const { status } = response;
  const code = data?.code || 'UNKNOWN_ERROR';
  const errors = data?.errors || null;
  if (status === 503) {
    const wait = response.headers.get('Retry-After');
    const retry = wait ? `Please try again in ${wait} seconds.` : 'Please try again later.';
    return new ApiError(`Backend service is temporarily unavailable. ${retry}`, { status, code, errors });
  }
  return new ApiError(data?.message || `HTTP ${status}`, { status, code, errors });
}

async function send(path, { method = 'GET', body, signal, headers = {} }) {
  const init = {
    method,
    signal,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...headers },
  };
  if (body instanceof FormData) {
    init.body = body; // multipart: the browser writes the Content-Type with its boundary
  } else if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (accessToken) init.headers.Authorization = `Bearer ${accessToken}`;
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error?.name === 'AbortError') throw new ApiError('Request cancelled', { code: 'REQUEST_CANCELLED' });
    if (error instanceof TypeError) throw new ApiError(UNREACHABLE, { code: 'BACKEND_UNREACHABLE' });
    throw new ApiError(error?.message || 'Network error', { code: 'NETWORK_ERROR' });
  }
  const data = await readBody(response).catch(() => null);
  if (!response.ok) throw failure(response, data);
  return data;
}

// One refresh at a time: every call that got a 401 meanwhile waits for the same answer.
let refreshing = null;
let sessionEnded = false; // the last refresh was refused (not merely unreachable)

/** The server refused the last refresh: the sign-in is over (signed out, reset, deactivated). */
export const isSessionEnded = () => sessionEnded;

export function refreshSession() {
  // Only the page's first token is waited for in sight (the guard); later ones come silently.
  if (sessionPhase() === 'starting') setSessionPhase('authorising');
  refreshing ??= send('/api/auth/refresh', { method: 'POST' })
    .then((data) => {
      setAccessToken(data?.accessToken);
      sessionEnded = false;
      if (sessionPhase() !== 'leaving') setSessionPhase('ready');
      return true;
    })
    .catch((error) => {
      setAccessToken(null);
      sessionEnded = error?.status === 401;
      if (sessionEnded && sessionPhase() !== 'leaving') setSessionPhase('ended');
      else if (sessionPhase() === 'authorising') setSessionPhase('starting'); // unreachable: not known yet
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * `request(path, {method, body, signal, headers, refresh})` → the parsed JSON body (or null).
 * `body` is sent as JSON, or as multipart when it is a FormData (file uploads).
 * `refresh: false` is for calls whose 401 is an answer rather than an expired token (sign-in).
 */
export async function request(path, options = {}) {
  try {
    return await send(path, options);
  } catch (error) {
    if (error.status !== 401 || options.refresh === false || path === '/api/auth/refresh') throw error;
    if (!(await refreshSession())) {
      leaveForSignIn();
      throw error;
    }
    return send(path, options);
  }
}

// Set when the person signs out: the page is already leaving for /auth, and the sign-out itself
// refuses every later call of this session (its socket is closed with 4001 at once), which must
// not send the page anywhere else.
let signingOut = false;

/** The person chose to sign out (call as the sign-out form is sent). */
export function signOut() {
  signingOut = true;
  setAccessToken(null);
}

// How long the guard says 'Перенаправление на страницу входа...' before the page goes: long
// enough to be read, so the page does not vanish unexplained.
const LEAVING_PAUSE_MS = 700;

/** The sign-in is gone: go to the sign-in page (unless already on an auth page, or signing out). */
export function leaveForSignIn() {
  if (signingOut || AUTH_PAGES.test(window.location.pathname) || sessionPhase() === 'leaving') return;
  setSessionPhase('leaving');
  if (phaseShown()) setTimeout(() => window.location.assign('/login'), LEAVING_PAUSE_MS);
  else window.location.assign('/login'); // no guard on this page: nothing to read first
}

export const get = (path, options) => request(path, { ...options, method: 'GET' });
export const post = (path, body, options) => request(path, { ...options, method: 'POST', body });
