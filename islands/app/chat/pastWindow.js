// A window of a channel's past: opening a message however far back (a search result, a quoted
// message) loads the messages around it in place of what was held (`around`); scrolling down loads
// the pages after it until the present is reached again, and 'К последним сообщениям' goes there at
// once. While such a window is held, live messages are not added (store.upsertMessages). Going to
// one message (goToMessage, asked for through jump.js) lives here too: it is what opens a window.
import { motionOff } from '../../lib/motion.js';
import { toast } from '../../lib/toast.js';
import { apiGet } from '../data/queries.js';
import { channelOf, replaceWindow, setChannelState, upsertMessages, useChat } from './store.js';
import { messagesPath, syncChannel, windowOf } from './sync.js';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

const PAGE = 50;

export const NOT_FOUND = t('Сообщение не найдено: возможно, оно удалено');

/**
 * A window of history around one message (a search result, a quoted message), however old: it
 * replaces what is held. → 'found', 'missing' (deleted, or not this channel's), or 'failed'.
 */
export async function loadAround(channelId, messageId) {
  try {
    const params = new URLSearchParams({ around: String(messageId), limit: String(PAGE) });
    const data = await apiGet(`/api/messages/${channelId}/messages?${params}`);
    replaceWindow(channelId, data?.messages ?? [], {
      hasMore: data?.hasMoreBefore, hasNewer: data?.hasMoreAfter, anchor: messageId,
    });
    return 'found';
  } catch (error) {
    if (error?.status === 404 && error?.code === 'MESSAGE_NOT_FOUND') return 'missing';
    toast.error(error?.message || t('Произошла ошибка'));
    return 'failed';
  }
}

/** The page after the newest message of a window of the past (scrolling down); the last one
 * reaches the present and the window becomes the live list again. */
export async function loadNewer(channelId) {
  const current = channelOf(useChat.getState(), channelId);
  if (!current.hasNewer || current.newerLoading || !current.messages.length) return;
  setChannelState(channelId, { newerLoading: true });
  try {
    const after = current.messages[current.messages.length - 1].id;
    const data = await apiGet(messagesPath(channelId, { after: String(after) }));
    if (windowOf(channelId) !== current.windowSeq) return;
    upsertMessages(channelId, data?.messages ?? [], { extend: true });
    setChannelState(channelId, { hasNewer: Boolean(data?.hasMore) });
    // Reaching the present: what was said meanwhile (live frames were left out) comes now.
    if (!data?.hasMore) syncChannel(channelId, { full: false });
  } catch {
    // The next scroll tries again.
  } finally {
    setChannelState(channelId, { newerLoading: false });
  }
}

/** Leave a window of the past for the newest page (the 'К последним сообщениям' button, a send). */
export async function jumpToPresent(channelId) {
  try {
    const data = await apiGet(messagesPath(channelId, {}));
    replaceWindow(channelId, data?.messages ?? [], { hasMore: data?.hasMore, hasNewer: false });
    syncChannel(channelId, { full: false }); // a send answered before that page was read
  } catch (error) {
    toast.error(error?.message || t('Произошла ошибка'));
  }
}

export function flashMessage(id) {
  const target = document.querySelector(`li.message[data-message-id="${id}"]`);
  if (!target) return false;
  target.scrollIntoView({ block: 'center', behavior: motionOff() ? 'auto' : 'smooth' });
  target.classList.remove('is-flash');
  void target.offsetWidth; // restart the animation
  target.classList.add('is-flash');
  setTimeout(() => target.classList.remove('is-flash'), 1600);
  return true;
}

const held = (channelId, messageId) => channelOf(useChat.getState(), channelId).messages
  .some((message) => message.id === messageId);
const nextFrame = () => new Promise((resolve) => { requestAnimationFrame(() => resolve()); });

/** Bring the message into the list if need be, then show it. → whether it was found. */
export async function goToMessage(channelId, messageId) {
  if (!held(channelId, messageId)) {
    const outcome = await loadAround(channelId, messageId);
    if (outcome === 'failed') return false; // loadAround said why
    if (outcome === 'missing' || !held(channelId, messageId)) {
      toast.error(NOT_FOUND);
      return false;
    }
  }
  await nextFrame(); // the rows render first
  await nextFrame();
  return flashMessage(messageId);
}
