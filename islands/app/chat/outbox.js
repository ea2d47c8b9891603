// Optimistic sending. A message shows at once with a client nonce (crypto.randomUUID()); it goes
// over the socket when connected, else over HTTP with the same nonce (the server creates it only
// once per nonce). The server's copy — message_sent, new_message, the POST answer or a catch-up
// page — replaces it (store.upsertMessages matches the nonce). A send the network swallowed stays
// pending and is retried, same nonce, when the socket is back; a send the server refused is
// removed, its text goes back to the composer and a toast says so.
// A send with files goes over HTTP multipart instead (sendWithFiles): no optimistic copy; the
// composer shows the upload's progress and keeps the text and files until the server has them.
import { toast } from '../../lib/toast.js';
import { post } from '../../lib/api.js';
import * as socket from '../../lib/socket.js';
import { upload } from '../../lib/upload.js';
import {
  addPending, findPending, removePending, setRestore, updatePending, upsertMessages, useChat,
} from './store.js';
import { t } from '../../lib/i18n.js';

const ANSWER_TIMEOUT = 8000; // no answer over the socket by then: ask over HTTP (same nonce)
const timers = new Map();
let httpQueue = Promise.resolve(); // one HTTP send at a time keeps the order of the messages

export const newNonce = () =>
  (window.crypto?.randomUUID ? window.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`);

const unreachable = (error) =>
  ['BACKEND_UNREACHABLE', 'NETWORK_ERROR'].includes(error?.code) || error?.status === 0 || error?.status >= 500;

export function sendMessage({ channelId, content, replyTo, author }) {
  const nonce = newNonce();
  addPending({
    nonce,
    channelId,
    content,
    replyToId: replyTo?.id ?? null,
    replyTo: replyTo ? { id: replyTo.id, content: replyTo.content, author: replyTo.author ?? null } : null,
    author,
    createdAt: new Date().toISOString(),
    reactions: [],
    pending: true,
    state: 'sending',
  });
  attempt(nonce);
  return nonce;
}

function attempt(nonce) {
  const item = findPending(nonce);
  if (!item) return;
  clearTimeout(timers.get(nonce));
  updatePending(nonce, { state: 'sending' });
  const sent = socket.send('send_message', {
    channelId: item.channelId, content: item.content, replyToId: item.replyToId, nonce, messageType: 'text',
  });
  if (sent) {
    timers.set(nonce, setTimeout(() => viaHttp(nonce), ANSWER_TIMEOUT));
    return;
  }
  viaHttp(nonce);
}

function viaHttp(nonce) {
  const item = findPending(nonce);
  if (!item || item.viaHttp) return;
  clearTimeout(timers.get(nonce));
  updatePending(nonce, { viaHttp: true, state: 'sending' });
  httpQueue = httpQueue.then(async () => {
    const current = findPending(nonce);
    if (!current) return; // confirmed meanwhile
    try {
      const data = await post(`/api/messages/${current.channelId}/messages`,
        { content: current.content, replyToId: current.replyToId, nonce });
      if (data?.message) upsertMessages(current.channelId, [data.message]);
    } catch (error) {
      if (!findPending(nonce)) return;
      if (unreachable(error)) updatePending(nonce, { viaHttp: false, state: 'queued' });
      else failSend(nonce, error);
    }
  });
}

/**
 * Send text and files in one multipart POST; `onProgress(fraction)` follows the upload. Resolves
 * with the message (also put in the store), or rejects after the toast 'Ошибка отправки
 * сообщения'. Reuse `nonce` when trying the same send again: the server then keeps it once.
 */
export async function sendWithFiles({ channelId, content, replyTo, files, nonce, onProgress }) {
  const form = new FormData();
  form.append('content', content);
  form.append('nonce', nonce);
  if (replyTo?.id != null) form.append('replyToId', String(replyTo.id));
  for (const file of files) form.append('files', file, file.name);
  try {
    const data = await upload(`/api/messages/${channelId}/messages`, form, { onProgress });
    if (data?.message) upsertMessages(channelId, [data.message]);
    return data?.message ?? null;
  } catch (error) {
    toast.error(t('Ошибка отправки сообщения'), { description: error?.message || undefined });
    throw error;
  }
}

/** The server refused a send: remove the optimistic copy, give the text back, say so. */
export function failSend(nonce, error) {
  const item = findPending(nonce);
  if (!item) return false;
  clearTimeout(timers.get(nonce));
  timers.delete(nonce);
  removePending(nonce);
  setRestore({ channelId: item.channelId, content: item.content, replyTo: item.replyTo, at: Date.now() });
  toast.error(t('Ошибка отправки сообщения'), { description: error?.message || undefined });
  return true;
}

/** Send again everything still pending that is not on its way (same nonces). */
export function retryPending() {
  for (const item of useChat.getState().pending) {
    if (item.state === 'queued') attempt(item.nonce);
  }
}

// Socket back: retry what waited. Socket gone: what was in flight on it goes over HTTP now.
socket.on('open', retryPending);
socket.on('disconnected', () => {
  for (const item of useChat.getState().pending) {
    if (item.state === 'sending' && !item.viaHttp) viaHttp(item.nonce);
  }
});
window.addEventListener('online', retryPending);
