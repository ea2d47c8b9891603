// The chat's quieter sounds (settings → 'Реакция', 'Набор текста'): someone else reacting to one of
// my messages, and someone starting to type in a channel on screen. Typing frames repeat every few
// seconds while a person types, and a busy channel has many typists: one tone per TYPING_GAP at
// most, and only for a person who was not typing already.
import { playSound } from '../../lib/sounds.js';
import { channelOf, useChat } from './store.js';

const TYPING_GAP = 4000;
let lastTyping = 0;

/** Before `reaction_added` is applied: the reacted message is still as it was. */
export function reactionCue(data, me) {
  if (!me || data.userId === me.id) return;
  const message = channelOf(useChat.getState(), data.channelId).messages.find((item) => item.id === data.messageId);
  if (message?.author?.id === me.id) playSound('reaction');
}

/** Before a `typing` frame is applied: whether it starts someone's typing. */
export function typingCue(data) {
  if (data.isTyping === false || useChat.getState().typing[data.channelId]?.[data.userId]) return;
  const now = Date.now();
  if (now - lastTyping < TYPING_GAP) return;
  lastTyping = now;
  playSound('typing');
}
