// The list's rows: day dividers, and messages marked `grouped` when they continue the previous
// one's author within 5 minutes (spec §9) — no repeated header then. Replies always get a header.
import { dayKey, dayLabel } from './time.js';

const GROUP_WINDOW = 5 * 60 * 1000;

export const messageKey = (message) => (message.nonce ? `n:${message.nonce}` : `i:${message.id}`);

export function buildRows(messages, now) {
  const rows = [];
  let previous = null;
  for (const message of messages) {
    const at = new Date(message.createdAt).getTime();
    const day = dayKey(message.createdAt);
    if (!previous || dayKey(previous.createdAt) !== day) {
      rows.push({ kind: 'divider', key: `d:${day}`, label: dayLabel(message.createdAt, now) });
      previous = null;
    }
    const grouped = Boolean(previous)
      && previous.author?.id === message.author?.id
      && !message.replyTo && !message.replyDeleted
      && at - new Date(previous.createdAt).getTime() < GROUP_WINDOW;
    rows.push({ kind: 'message', key: messageKey(message), message, grouped });
    previous = message;
  }
  return rows;
}
