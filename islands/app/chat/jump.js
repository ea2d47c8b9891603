// Going to one message of a channel — a search result, or the message a reply quotes — even when
// it is far back in history: older pages load until it is there (at most MAX_PAGES), then the
// view scrolls to it and flashes it.
import { toast } from '../../lib/toast.js';
import { create } from 'zustand';
import { channelOf, useChat } from './store.js';
import { loadOlder } from './sync.js';
import { t } from '../../lib/i18n.js';

const MAX_PAGES = 40; // 2,000 messages back; further than that, the person scrolls
export const NOT_FOUND = t('Сообщение не найдено: возможно, оно удалено');

/** {channelId, messageId} of the jump asked for, until a chat view of that channel makes it. */
export const useJump = create(() => ({ target: null }));

export function requestJump(channelId, messageId) {
  useJump.setState({ target: { channelId, messageId } });
}

export function flashMessage(id) {
  const target = document.querySelector(`li.message[data-message-id="${id}"]`);
  if (!target) return false;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  target.classList.remove('is-flash');
  void target.offsetWidth; // restart the animation
  target.classList.add('is-flash');
  setTimeout(() => target.classList.remove('is-flash'), 1600);
  return true;
}

const held = (channelId, messageId) => channelOf(useChat.getState(), channelId).messages
  .some((message) => message.id === messageId);
const nextFrame = () => new Promise((resolve) => { requestAnimationFrame(() => resolve()); });
const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** Load history back to the message, then show it. → whether it was found. */
export async function goToMessage(channelId, messageId) {
  for (let page = 0; page < MAX_PAGES && !held(channelId, messageId); page += 1) {
    const { hasMore, messages } = channelOf(useChat.getState(), channelId);
    if (!hasMore || (messages.length && messages[0].id < messageId)) break; // it is not there
    // A page the scroll asked for may be on its way: wait for it rather than skip a turn.
    while (channelOf(useChat.getState(), channelId).olderLoading) await pause(50); // eslint-disable-line no-await-in-loop
    if (held(channelId, messageId)) break;
    await loadOlder(channelId); // eslint-disable-line no-await-in-loop
    if (channelOf(useChat.getState(), channelId).olderFailed) break;
  }
  if (!held(channelId, messageId)) {
    toast.error(NOT_FOUND);
    return false;
  }
  await nextFrame(); // the rows render first
  await nextFrame();
  return flashMessage(messageId);
}
