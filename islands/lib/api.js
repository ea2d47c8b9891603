// The one fetch wrapper (spec §7 and §8 "HTTP wrapper"): JSON in and out, cookies, the bearer
// token while one is held, one silent refresh shared by concurrent calls on a 401, and every
// failure thrown as an ApiError {message, status, code, errors}.
import { phaseShown, sessionPhase, setSessionPhase } from './sessionPhase.js';

// The access token lives in memory only: a page load starts without one and refreshes from the
// httpOnly cookie when a call needs it.
let accessToken = null;
let hadToken = false; // this page held a token once: a refusal later means the session ended under it

export function setAccessToken(token) {
  accessToken = token || null;
  if (accessToken) hadToken = true;
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

// Pages where a lost session must not bounce the visitor to the sign-in page (they are already
// there, or on the landing page, which needs none).
const AUTH_PAGES = /^\/(auth|login|verify-email)(\/|$)|^\/$/;

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
      const first = sessionPhase() === 'authorising';
      if (sessionEnded && sessionPhase() !== 'leaving') setSessionPhase('ended');
      else if (first) setSessionPhase('starting'); // unreachable: not known yet
      // The guard's first refresh refused: the page leaves whether or not a call was waiting on it.
      if (sessionEnded && first && phaseShown()) leaveForSignIn();
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

// Spec §8: "On a 429 it warns and returns {error:'Rate limited', data:[]}" — for a read (GET): the
// caller gets an empty answer it can tell apart (`isRateLimited`), not a failure. A change (POST,
// PATCH, DELETE…) still fails with the server's words, so the person reads why nothing happened;
// the queries' own reader (apiGet in app/data/queries.js) fails on it too, keeping what it showed.
const RATE_LIMITED = Object.freeze({ error: 'Rate limited', data: Object.freeze([]) });

/** True for the answer of a read the server throttled (429). */
export const isRateLimited = (data) => data === RATE_LIMITED;

/**
 * `request(path, {method, body, signal, headers, refresh})` → the parsed JSON body (or null).
 * `body` is sent as JSON, or as multipart when it is a FormData (file uploads).
 * `refresh: false` is for calls whose 401 is an answer rather than an expired token (sign-in).
 */
export async function request(path, options = {}) {
  try {
    return await send(path, options);
  } catch (error) {
    if (error.status === 429 && (options.method ?? 'GET') === 'GET') {
      console.warn(`Rate limited: ${path}`);
      return RATE_LIMITED;
    }
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
// Spec §9 "Guard redirect after failed init: 3 s": the page's very first refresh was refused.
const INIT_FAILED_MS = 3000;

/**
 * The sign-in is gone: go to the sign-in page with the reason its banner explains (unless already
 * on an auth page or the landing page, or signing out). `session_expired` when it ended under a
 * page that had been signed in; `init_failed` when this page never got its first token (after 3 s).
 */
export function leaveForSignIn() {
  if (signingOut || AUTH_PAGES.test(window.location.pathname) || sessionPhase() === 'leaving') return;
  const reason = hadToken ? 'session_expired' : 'init_failed';
  setSessionPhase('leaving');
  const pause = reason === 'init_failed' ? INIT_FAILED_MS : phaseShown() ? LEAVING_PAUSE_MS : 0;
  setTimeout(() => window.location.assign(`/auth?reason=${reason}`), pause);
}

export const get = (path, options) => request(path, { ...options, method: 'GET' });
export const post = (path, body, options) => request(path, { ...options, method: 'POST', body });
