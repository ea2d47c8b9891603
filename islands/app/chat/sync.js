// Loading and keeping up: the newest page on first sight, older pages on scroll, and — on mount,
// on every (re)join of the channel and after a reconnect — a catch-up that fetches everything
// `after` the newest id held, then refreshes the newest page so edits, reactions and deletions
// made meanwhile show too. Live frames of the socket are applied to the store here, once for the
// page, whichever channel they concern.
import { toast } from '../../lib/toast.js';
import * as socket from '../../lib/socket.js';
import { apiGet } from '../data/queries.js';
import { reactionCue, typingCue } from './cues.js';
import { failSend } from './outbox.js';
import { withReaction } from './reactions.js';
import { playSound } from '../../lib/sounds.js';
import {
  applyEdit, channelOf, expireTyping, reconcileNewest, removeMessage, setChannelState, setTyping, updateMessage,
  upsertMessages, useChat,
} from './store.js';
import { t } from '../../lib/i18n.js';

const PAGE = 50;
const CATCH_UP = 100;
const MAX_CATCH_UP_PAGES = 20;

export const messagesPath = (channelId, params) =>
  `/api/messages/${channelId}/messages?${new URLSearchParams({ limit: String(PAGE), ...params })}`;

let me = null;
export const setMe = (user) => { me = user || null; };
export const getMe = () => me;

const running = new Map(); // channelId → {promise, again, full}
const seeded = new Set(); // channels whose newest page came with the page itself

/** The newest page the server rendered into the page: held as if fetched; the first sync of the
 * channel then only catches up on what came after it. */
export function seedChannel({ channelId, messages, hasMore }) {
  upsertMessages(channelId, messages ?? []);
  setChannelState(channelId, { status: 'ready', hasMore: Boolean(hasMore) });
  seeded.add(channelId);
}

/**
 * Bring a channel up to date: the newest page when nothing is held; else everything `after` the
 * newest id held and, with `full`, a fresh copy of the newest page (edits, reactions and
 * deletions made meanwhile). Calls while one runs fold into one more run after it.
 */
export function syncChannel(channelId, { full: asked = true } = {}) {
  const full = asked && !seeded.delete(channelId); // the page's own newest page needs no second copy
  const current = running.get(channelId);
  if (current) {
    current.again = true;
    current.full = current.full || full;
    return current.promise;
  }
  const run = { again: true, full };
  run.promise = (async () => {
    try {
      while (run.again) {
        const wantFull = run.full;
        run.again = false;
        run.full = false;
        await syncOnce(channelId, wantFull); // eslint-disable-line no-await-in-loop
      }
    } finally {
      running.delete(channelId);
    }
  })();
  running.set(channelId, run);
  return run.promise;
}

export const windowOf = (channelId) => channelOf(useChat.getState(), channelId).windowSeq;

async function syncOnce(channelId, full) {
  const current = channelOf(useChat.getState(), channelId);
  if (current.hasNewer) return; // a window of the past: nothing after it is held, nothing to catch up
  if (!current.messages.length) {
    if (current.status !== 'ready') setChannelState(channelId, { status: 'loading' });
    try {
      const data = await apiGet(messagesPath(channelId, {}));
      if (windowOf(channelId) !== current.windowSeq) return; // a jump put a window there meanwhile
      upsertMessages(channelId, data?.messages ?? []);
      setChannelState(channelId, { status: 'ready', hasMore: Boolean(data?.hasMore) });
    } catch (error) {
      if (current.status !== 'ready') setChannelState(channelId, { status: 'error', error: error.message });
    }
    return;
  }
  try {
    let after = current.messages[current.messages.length - 1].id;
    for (let page = 0; page < MAX_CATCH_UP_PAGES; page += 1) {
      // eslint-disable-next-line no-await-in-loop
      const data = await apiGet(messagesPath(channelId, { after: String(after), limit: String(CATCH_UP) }));
      const found = data?.messages ?? [];
      upsertMessages(channelId, found);
      if (!data?.hasMore || !found.length) break;
      after = found[found.length - 1].id;
    }
    if (full) {
      const fresh = await apiGet(messagesPath(channelId, {}));
      if (windowOf(channelId) === current.windowSeq) reconcileNewest(channelId, fresh?.messages ?? [], Boolean(fresh?.hasMore));
    }
    setChannelState(channelId, { status: 'ready' });
  } catch (error) {
    console.warn('chat: catch-up failed; the next reconnect tries again', error);
  }
}

/** The page before the oldest message held (infinite scroll upward). */
export async function loadOlder(channelId) {
  const current = channelOf(useChat.getState(), channelId);
  if (current.olderLoading || !current.hasMore || !current.messages.length) return;
  setChannelState(channelId, { olderLoading: true, olderFailed: false });
  try {
    const data = await apiGet(messagesPath(channelId, { before: String(current.messages[0].id) }));
    upsertMessages(channelId, data?.messages ?? []);
    setChannelState(channelId, { olderLoading: false, hasMore: Boolean(data?.hasMore) });
  } catch {
    setChannelState(channelId, { olderLoading: false, olderFailed: true });
  }
}

// Frames sent whose failure someone wants to hear about: messageId → onError.
const tracked = new Map();

/** Send a frame and call `onError(data)` if the server answers it with an `error` frame. */
export function sendTracked(type, data, onError) {
  const messageId = socket.send(type, data);
  if (!messageId) return false;
  tracked.set(messageId, onError);
  setTimeout(() => tracked.delete(messageId), 30_000);
  return true;
}

const held = (channelId) => Boolean(useChat.getState().channels[channelId]);

function onNewMessage(message) {
  if (!message?.channelId || !held(message.channelId)) return;
  const known = channelOf(useChat.getState(), message.channelId).messages.some((item) => item.id === message.id);
  upsertMessages(message.channelId, [message]);
  if (message.author?.id != null) setTyping(message.channelId, message.author.id, null);
  if (!known && me && message.author?.id !== me.id) playSound('message');
}

/** `reaction_added` / `reaction_removed`: the change ({emoji, userId, count}), applied to the held copy. */
function onReaction(data, added) {
  if (!data?.channelId || data.messageId == null || typeof data.emoji !== 'string' || data.userId == null) return;
  if (added) reactionCue(data, me);
  updateMessage(data.channelId, data.messageId, (current) => ({
    reactions: withReaction(current.reactions, data.emoji, data.userId, added, data.count),
  }));
}

function onTyping(data) {
  if (!data?.channelId || data.userId == null || (me && data.userId === me.id)) return;
  typingCue(data);
  // The person as every payload names them (their display name), the bare username from an older server.
  const person = data.user ?? { id: data.userId, username: data.username };
  setTyping(data.channelId, data.userId, data.isTyping === false ? null : { person, username: data.username, at: Date.now() });
}

function onError(data, frame) {
  const handler = frame?.messageId != null ? tracked.get(frame.messageId) : undefined;
  if (handler) {
    tracked.delete(frame.messageId);
    handler(data);
    return;
  }
  if (data?.nonce && failSend(data.nonce, data)) return;
  toast.error(data?.message || t('Произошла ошибка'));
}

let wired = false;

/** Apply the socket's chat frames to the store (once for the page). */
export function wireLive() {
  if (wired) return;
  wired = true;
  socket.on('new_message', onNewMessage);
  socket.on('message_sent', (data) => data?.message && upsertMessages(data.message.channelId, [data.message]));
  socket.on('message_edited', (message) => message?.channelId && applyEdit(message.channelId, message));
  socket.on('message_deleted', (data) => data?.channelId && removeMessage(data.channelId, data.id ?? data.messageId));
  socket.on('reaction_added', (data) => onReaction(data, true));
  socket.on('reaction_removed', (data) => onReaction(data, false));
  socket.on('typing', onTyping);
  socket.on('disconnected', () => expireTyping(0));
  socket.on('error', onError);
}
