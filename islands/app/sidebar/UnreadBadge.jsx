// What waits in a channel, DM or server, at the end of its row: the mention count as a red pill,
// else the unread count as a quiet one (99+ above 99). Screen readers hear it in words.
import { plural } from '../data/format.js';
import { countLabel } from '../data/unread.js';

export function unreadWords(unread, mentions) {
  if (mentions > 0) return `${countLabel(mentions)} ${plural(mentions, ['упоминание', 'упоминания', 'упоминаний'])}`;
  if (unread > 0) {
    return `${countLabel(unread)} ${plural(unread, ['непрочитанное сообщение', 'непрочитанных сообщения', 'непрочитанных сообщений'])}`;
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
