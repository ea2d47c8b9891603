// What this user has not read yet, per channel and DM: GET /api/unread on start (and after a
// socket reconnect), then kept live by live/useLiveUnread.js from the socket's `channel_activity`
// (a channel this tab has not joined), `read_state` (the server's word after any tab or device read
// something: the same everywhere) and `new_message` of the channel on screen.
//
//   channels[id]  {channelId, serverId, lastReadId, unread, mentions} — entries with nothing unread
//                 are kept too: their lastReadId is the marker we must never post below.
//   viewing       {channelId, serverId, seeing} the channel this tab shows; `seeing` when its newest
//                 message is on screen in a focused, visible window (chat/readMarker.js says so).
//
// Marking read: markRead(channelId, newestId) posts POST /api/channels/{id}/read, debounced, only
// when something there is unread and never for an id at or below the marker.
import { create } from 'zustand';
import { post } from '../../lib/api.js';
import { apiGet } from './queries.js';

const MARK_DELAY = 500; // ms: a burst of messages read on screen makes one POST

//   quiet         {serverId: {muted, nothing}} the servers the person muted or set to nothing
//                 (notifications/serverLevels.js keeps it): their badges count nothing, or no
//                 mentions. Kept here so every badge's selector runs again when it changes.
export const useUnread = create(() => ({ loaded: false, channels: {}, viewing: null, quiet: {} }));

const entryOf = (channelId) => useUnread.getState().channels[channelId];

function putEntry(entry) {
  useUnread.setState((state) => ({ channels: { ...state.channels, [entry.channelId]: entry } }));
}

/** 99+ above 99 (the API caps unread at 100). */
export const countLabel = (n) => (n > 99 ? '99+' : String(n));

// ---------- loading ----------

let loading = null;
let heardWhileLoading = null; // frames that came while GET /api/unread was out: replayed on its answer
let askedAgain = false; // asked while a read was out: that read may predate what is asked for

/** GET /api/unread: the whole picture again (start, reconnect). */
export function loadUnread() {
  if (loading) {
    askedAgain = true;
    return loading;
  }
  heardWhileLoading = [];
  loading = (async () => {
    try {
      const data = await apiGet('/api/unread');
      const channels = {};
      for (const entry of data?.channels ?? []) channels[entry.channelId] = entry;
      // Markers known here with nothing unread stay known (the answer lists only unread ones).
      for (const [id, entry] of Object.entries(useUnread.getState().channels)) {
        if (!channels[id]) channels[id] = { ...entry, unread: 0, mentions: 0 };
      }
      const replay = heardWhileLoading;
      heardWhileLoading = null;
      useUnread.setState({ loaded: true, channels });
      for (const [kind, frame] of replay) {
        if (kind === 'read') applyReadState(frame);
        else if (!(data?.channels ?? []).some((entry) => entry.channelId === frame.channelId)) bump(frame);
      }
    } catch (error) {
      console.warn('unread: could not load; the next reconnect tries again', error);
    } finally {
      heardWhileLoading = null;
      loading = null;
      if (askedAgain) {
        askedAgain = false;
        loadUnread();
      }
    }
  })();
  return loading;
}

// ---------- live ----------

/** `read_state` (and the answer of our own POST): the server's marker and counts. */
export function applyReadState(frame) {
  if (frame?.channelId == null) return;
  heardWhileLoading?.push(['read', frame]);
  const current = entryOf(frame.channelId);
  const known = current && !current.guessed ? current.lastReadId : null;
  if (known != null && frame.lastReadId != null && frame.lastReadId < known) return; // never backwards
  putEntry({
    channelId: frame.channelId,
    serverId: frame.serverId ?? current?.serverId ?? null,
    lastReadId: frame.lastReadId ?? current?.lastReadId ?? null,
    unread: frame.unread ?? 0,
    mentions: frame.mentions ?? 0,
  });
}

/** One new message someone else wrote in a channel this user can read. */
function bump({ channelId, serverId, messageId, mentioned }) {
  const current = entryOf(channelId);
  if (current?.lastReadId != null && messageId <= current.lastReadId) return; // read already
  putEntry({
    channelId,
    serverId: serverId ?? current?.serverId ?? null,
    // Unknown marker: the message before this one is the best guess (where the divider goes);
    // the server's next word replaces it.
    lastReadId: current?.lastReadId ?? messageId - 1,
    guessed: current ? Boolean(current.guessed) : true,
    unread: Math.min(100, (current?.unread ?? 0) + 1),
    mentions: (current?.mentions ?? 0) + (mentioned ? 1 : 0),
  });
}

const heard = new Map(); // channelId → the newest id of someone else's message heard live

/** `channel_activity {channelId, serverId, messageId, authorId, mentioned}`. */
export function applyActivity(frame, meId) {
  if (frame?.channelId == null || frame.authorId === meId) return;
  heard.set(frame.channelId, Math.max(heard.get(frame.channelId) ?? 0, frame.messageId));
  const viewing = useUnread.getState().viewing;
  if (viewing?.channelId === frame.channelId && viewing.seeing) return; // read on screen: markRead follows
  heardWhileLoading?.push(['bump', frame]);
  bump(frame);
}

/** `new_message` of a joined channel (the one on screen): unread only while it is not seen. */
export function applyNewMessage(message, me) {
  if (message?.channelId == null || message.id == null || !me || message.author?.id === me.id) return;
  const mentioned = Boolean(message.mentionsEveryone)
    || (message.mentions ?? []).some((person) => (person?.id ?? person) === me.id);
  const viewing = useUnread.getState().viewing;
  applyActivity({
    channelId: message.channelId,
    serverId: message.serverId ?? (viewing?.channelId === message.channelId ? viewing.serverId : undefined),
    messageId: message.id,
    authorId: message.author?.id,
    mentioned,
  }, me.id);
}

/** A server taken away (left, kicked, banned): its channels count no more. */
export function forgetServer(serverId) {
  useUnread.setState((state) => ({
    channels: Object.fromEntries(Object.entries(state.channels).filter(([, entry]) => entry.serverId !== serverId)),
  }));
}

// ---------- what this tab shows ----------

export function setViewing(viewing) {
  const current = useUnread.getState().viewing;
  if (current?.channelId === viewing?.channelId && current?.seeing === viewing?.seeing) return;
  useUnread.setState({ viewing });
}

// ---------- marking read ----------

const asked = new Map(); // channelId → the highest id posted (or waiting to be)
const timers = new Map();

/** The channel's newest message is on screen: move the marker there (debounced). */
export function markRead(channelId, messageId) {
  const state = useUnread.getState();
  if (!state.loaded || messageId == null) return;
  const entry = state.channels[channelId];
  const marker = Math.max(entry?.lastReadId ?? 0, asked.get(channelId) ?? 0);
  if (messageId <= marker) return;
  const something = (entry?.unread ?? 0) > 0 || (entry?.mentions ?? 0) > 0 || (heard.get(channelId) ?? 0) > marker;
  if (!something) return; // nothing unread there: no write
  asked.set(channelId, messageId);
  clearTimeout(timers.get(channelId));
  timers.set(channelId, setTimeout(() => sendRead(channelId), MARK_DELAY));
}

async function sendRead(channelId) {
  timers.delete(channelId);
  const messageId = asked.get(channelId);
  try {
    applyReadState(await post(`/api/channels/${channelId}/read`, { messageId }));
  } catch (error) {
    // A message deleted meanwhile, a channel taken away: the next newest message tries again.
    if (asked.get(channelId) === messageId) asked.delete(channelId);
    console.warn('unread: marking read failed', error);
  }
}

// ---------- sums for the sidebar and the title ----------

const quietOf = (serverId) => useUnread.getState().quiet[serverId];

/**
 * One server's channels: how many have something unread, and their mentions summed. A muted
 * server shows neither; one set to nothing shows no mentions (per-server notification settings).
 */
export function serverSum(channels, serverId) {
  const sum = { unread: 0, mentions: 0 };
  const quiet = quietOf(serverId);
  if (quiet?.muted) return sum;
  for (const entry of Object.values(channels)) {
    if (entry.serverId !== serverId || (entry.unread <= 0 && entry.mentions <= 0)) continue;
    sum.unread += 1;
    if (!quiet?.nothing) sum.mentions += entry.mentions;
  }
  return sum;
}

/** What the title counts: mentions in server channels (not muted, not set to nothing) and every unread DM message. */
export function attentionCount(channels) {
  let total = 0;
  for (const entry of Object.values(channels)) {
    const quiet = entry.serverId == null ? null : quietOf(entry.serverId);
    if (!quiet?.muted && !quiet?.nothing) total += entry.serverId == null ? entry.unread : entry.mentions;
  }
  return total;
}
