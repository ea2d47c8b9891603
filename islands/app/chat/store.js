// The chat's client state, per channel, kept for the page (switching back to a channel shows what
// was loaded at once, then catches up):
//   channels[id]  {messages (oldest → newest, unique ids), status, hasMore, olderLoading,
//                  hasNewer: the messages held are a window of the past (a search result opened
//                  there) that does not reach the newest one; anchor, windowSeq: see replaceWindow}
//   pending       optimistic messages not yet confirmed, matched to the server's copy by nonce
//   typing[id]    {userId: {person, username, at}} of the other people typing there
//   restore       the text of a send that failed, for the composer to take back
//   editing       the id of the message being edited in place, if any
import { create } from 'zustand';

const EMPTY_CHANNEL = Object.freeze({
  messages: [], status: 'idle', hasMore: true, olderLoading: false, hasNewer: false, newerLoading: false,
  anchor: null, windowSeq: 0,
});

export const useChat = create(() => ({ channels: {}, pending: [], typing: {}, restore: null, editing: null }));

export const channelOf = (state, channelId) => state.channels[channelId] ?? EMPTY_CHANNEL;

function patchChannel(channelId, patch) {
  useChat.setState((state) => {
    const current = channelOf(state, channelId);
    const next = typeof patch === 'function' ? patch(current) : patch;
    return { channels: { ...state.channels, [channelId]: { ...current, ...next } } };
  });
}

export const setChannelState = patchChannel;

/** Merge by id (the incoming copy wins), sorted by id. */
function mergeById(list, incoming) {
  if (!incoming.length) return list;
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Server copies of messages arrived (a page, a live event, a send's answer): merge them and drop
 * the optimistic copies they confirm. While a window of the past is held (`hasNewer`), messages
 * newer than its last one are left out — they would sit after a gap — unless `extend` (the next
 * page of the window itself). */
export function upsertMessages(channelId, incoming, { extend = false } = {}) {
  const list = incoming.filter((message) => message && message.id != null);
  if (!list.length) return;
  const nonces = new Set(list.map((message) => message.nonce).filter(Boolean));
  useChat.setState((state) => {
    const current = channelOf(state, channelId);
    const newestHeld = current.messages.length ? current.messages[current.messages.length - 1].id : null;
    const kept = current.hasNewer && !extend && newestHeld != null
      ? list.filter((message) => message.id <= newestHeld) : list;
    return {
      channels: { ...state.channels, [channelId]: { ...current, messages: mergeById(current.messages, kept) } },
      pending: nonces.size ? state.pending.filter((item) => !nonces.has(item.nonce)) : state.pending,
    };
  });
}

/** Update messages already held (an edit, a reaction); never adds one that is not there. */
export function updateMessage(channelId, id, change) {
  patchChannel(channelId, (current) => {
    if (!current.messages.some((message) => message.id === id)) return {};
    return { messages: current.messages.map((message) => (message.id === id ? { ...message, ...change(message) } : message)) };
  });
}

/** An edit: the message itself, and the quotes of the replies to it. */
export function applyEdit(channelId, edited) {
  patchChannel(channelId, (current) => ({
    messages: current.messages.map((message) => {
      if (message.id === edited.id) return { ...message, ...edited };
      if (message.replyTo?.id === edited.id) return { ...message, replyTo: { ...message.replyTo, content: edited.content } };
      return message;
    }),
  }));
}

export function removeMessage(channelId, id) {
  patchChannel(channelId, (current) => ({
    messages: current.messages
      .filter((message) => message.id !== id)
      .map((message) => (message.replyToId === id || message.replyTo?.id === id
        ? { ...message, replyTo: null, replyDeleted: true }
        : message)),
  }));
}

/**
 * A fresh copy of the newest page: in the range it covers (ids from its oldest up, or everything
 * when it is the whole history) the server's list is the truth — edits, reactions and deletions
 * made while we were away show up.
 */
export function reconcileNewest(channelId, page, hasMore) {
  patchChannel(channelId, (current) => {
    if (!page.length) return hasMore ? {} : { messages: [], hasMore: false };
    const from = hasMore ? page[0].id : -Infinity;
    const older = current.messages.filter((message) => message.id < from);
    const newer = current.messages.filter((message) => message.id > page[page.length - 1].id);
    return { messages: mergeById([...older, ...page], newer) };
  });
}

/**
 * The messages held become exactly `messages`: a window around `anchor` (a message opened from the
 * past, `hasNewer` when it does not reach the newest), or the newest page (`anchor` null). The
 * list sees `windowSeq` change and places the view: on the anchor, or at the bottom.
 */
export function replaceWindow(channelId, messages, { hasMore, hasNewer, anchor = null }) {
  patchChannel(channelId, (current) => ({
    messages: mergeById([], messages), hasMore: Boolean(hasMore), hasNewer: Boolean(hasNewer), anchor,
    windowSeq: current.windowSeq + 1, status: 'ready', olderFailed: false,
  }));
}

export function addPending(item) {
  useChat.setState((state) => ({ pending: [...state.pending, item] }));
}

export function updatePending(nonce, patch) {
  useChat.setState((state) => ({
    pending: state.pending.map((item) => (item.nonce === nonce ? { ...item, ...patch } : item)),
  }));
}

export function removePending(nonce) {
  useChat.setState((state) => ({ pending: state.pending.filter((item) => item.nonce !== nonce) }));
}

export const findPending = (nonce) => useChat.getState().pending.find((item) => item.nonce === nonce);

export function setTyping(channelId, userId, entry) {
  useChat.setState((state) => {
    const current = { ...(state.typing[channelId] || {}) };
    if (entry) current[userId] = entry;
    else if (current[userId]) delete current[userId];
    else return {};
    return { typing: { ...state.typing, [channelId]: current } };
  });
}

/** Drop typing entries older than `maxAge` ms (or all of them). */
export function expireTyping(maxAge = 0) {
  const now = Date.now();
  useChat.setState((state) => {
    let changed = false;
    const typing = {};
    for (const [channelId, users] of Object.entries(state.typing)) {
      const kept = Object.fromEntries(Object.entries(users).filter(([, entry]) => maxAge && now - entry.at < maxAge));
      if (Object.keys(kept).length !== Object.keys(users).length) changed = true;
      typing[channelId] = kept;
    }
    return changed ? { typing } : {};
  });
}

export const setRestore = (restore) => useChat.setState({ restore });

export const setEditing = (editing) => useChat.setState({ editing });
