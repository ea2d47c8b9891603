// Going to one message of a channel — a search result, or the message a reply quotes — however far
// back in history: when it is not held, the messages around it are loaded in place of the list
// (pastWindow.js), then the view scrolls to it and flashes it. Asking is first-load code; the going
// and the window of the past load on first use (a channel opens on its newest messages).
import { create } from 'zustand';

/** {channelId, messageId} of the jump asked for, until a chat view of that channel makes it. */
export const useJump = create(() => ({ target: null }));

export function requestJump(channelId, messageId) {
  useJump.setState({ target: { channelId, messageId } });
}

const past = () => import('./pastWindow.js');

/** Bring the message into the list if need be, then show it. → whether it was found. */
export const goToMessage = (channelId, messageId) => past().then((code) => code.goToMessage(channelId, messageId));

/** See pastWindow.js. */
export const loadNewer = (channelId) => past().then((code) => code.loadNewer(channelId));
export const jumpToPresent = (channelId) => past().then((code) => code.jumpToPresent(channelId));
