// A call's line in a DM (the server writes it when the call ends: messageType 'call'): an icon,
// the words ('Звонок, 12 мин', 'Пропущенный звонок'), who called and when. Not a message one
// writes: no edit, reply or reaction tools.
import { lazy, Suspense } from 'react';
import { callWords } from './callWords.js';
import { fullTime, messageTime } from '../chat/time.js';

// The icons are not the chat's first load: a DM with a call line is rarer than a channel page.
const CallIcon = lazy(() => import('./CallIcon.jsx'));

export default function CallLine({ rowKey, message, now }) {
  const outcome = message.call?.outcome ?? 'answered';
  return (
    <li className={`call-line call-line--${outcome}`} data-key={rowKey} data-message-id={message.id ?? undefined} data-call={outcome}>
      <span className="call-line__icon" aria-hidden="true"><Suspense fallback={null}><CallIcon outcome={outcome} /></Suspense></span>
      <span className="call-line__text">{callWords(message.call)}</span>
      <span className="call-line__by truncate">{message.author?.displayName || message.author?.username}</span>
      <time className="call-line__time" dateTime={message.createdAt} title={fullTime(message.createdAt)}>
        {messageTime(message.createdAt, now)}
      </time>
    </li>
  );
}
