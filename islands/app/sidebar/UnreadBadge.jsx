// What waits in a channel, DM or server, at the end of its row: the mention count as a red pill,
// else the unread count as a quiet one (99+ above 99). Screen readers hear it in words.
import { tp } from '../../lib/i18n.js';
import { countLabel } from '../data/unread.js';

export function unreadWords(unread, mentions) {
  // countLabel: '99+' above 99, the form still agreeing with the real count.
  if (mentions > 0) return tp('{count} упоминание|{count} упоминания|{count} упоминаний', mentions, { count: countLabel(mentions) });
  if (unread > 0) {
    return tp('{count} непрочитанное сообщение|{count} непрочитанных сообщения|{count} непрочитанных сообщений', unread,
      { count: countLabel(unread) });
  }
  return '';
}

export default function UnreadBadge({ unread = 0, mentions = 0, showCount = true }) {
  if (mentions > 0) {
    return (
      <span className="mention-pill">
        <span aria-hidden="true">{countLabel(mentions)}</span>
        <span className="sr-only">{unreadWords(0, mentions)}</span>
      </span>
    );
  }
  if (unread > 0 && showCount) {
    return (
      <span className="unread-count">
        <span aria-hidden="true">{countLabel(unread)}</span>
        <span className="sr-only">{unreadWords(unread, 0)}</span>
      </span>
    );
  }
  return null;
}
