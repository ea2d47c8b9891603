// The list's rows: day dividers, and messages marked `grouped` when they continue the previous
// one's author within 5 minutes (spec §9) — no repeated header then. Replies always get a header.
// With `unreadAfter` (a read marker), the 'Новые сообщения' divider goes before the first message
// after it that someone else wrote; the message under it starts a new group.
import { dayKey, dayLabel } from './time.js';

const GROUP_WINDOW = 5 * 60 * 1000;

export const messageKey = (message) => (message.nonce ? `n:${message.nonce}` : `i:${message.id}`);

export function buildRows(messages, now, { unreadAfter = null, meId = null } = {}) {
  const rows = [];
  let previous = null;
  let unreadPlaced = unreadAfter == null;
  for (const message of messages) {
    const at = new Date(message.createdAt).getTime();
    const day = dayKey(message.createdAt);
    if (!previous || dayKey(previous.createdAt) !== day) {
      rows.push({ kind: 'divider', key: `d:${day}`, label: dayLabel(message.createdAt, now) });
      previous = null;
    }
    if (!unreadPlaced && message.id != null && message.id > unreadAfter && message.author?.id !== meId) {
      rows.push({ kind: 'unread', key: 'unread' });
      unreadPlaced = true;
    }
    if (message.messageType === 'call') { // a call's line (dms/CallLine.jsx) stands alone
      rows.push({ kind: 'call', key: messageKey(message), message });
      previous = message;
      continue;
    }
    const underDivider = rows[rows.length - 1].kind !== 'message';
    const grouped = !underDivider && Boolean(previous)
      && previous.author?.id === message.author?.id
      && !message.replyTo && !message.replyDeleted
      && at - new Date(previous.createdAt).getTime() < GROUP_WINDOW;
    rows.push({ kind: 'message', key: messageKey(message), message, grouped });
    previous = message;
  }
  return rows;
}
