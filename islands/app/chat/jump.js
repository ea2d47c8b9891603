// Going to one message of a channel — a search result, or the message a reply quotes — however far
// back in history: when it is not held, the messages around it are loaded in place of the list
// (pastWindow.js), then the view scrolls to it and flashes it.
import { motionOff } from '../../lib/motion.js';
import { toast } from '../../lib/toast.js';
import { create } from 'zustand';
import { loadAround } from './pastWindow.js';
import { channelOf, useChat } from './store.js';
import { t } from '../../lib/i18n.js';

export const NOT_FOUND = t('Сообщение не найдено: возможно, оно удалено');

/** {channelId, messageId} of the jump asked for, until a chat view of that channel makes it. */
export const useJump = create(() => ({ target: null }));

export function requestJump(channelId, messageId) {
  useJump.setState({ target: { channelId, messageId } });
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
