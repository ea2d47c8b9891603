// Who is typing (spec §4 "Typing"): entries expire 5 s after their last event, checked every 1 s;
// a stop event removes one at once; one's own events never get here (sync.js drops them).
import { useEffect } from 'react';
import { expireTyping, useChat } from './store.js';

const EXPIRY = 5000;
const NONE = {};

/** The sentence as parts: names (shown bold) and the words between them. */
export function typingParts(names) {
  if (names.length === 0) return [];
  if (names.length === 1) return [{ name: names[0] }, ' печатает...'];
  if (names.length === 2) return [{ name: names[0] }, ' и ', { name: names[1] }, ' печатают...'];
  return [{ name: names[0] }, ', ', { name: names[1] }, ` и ещё ${names.length - 2} печатают...`];
}

export function typingText(names) {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} печатает...`;
  if (names.length === 2) return `${names[0]} и ${names[1]} печатают...`;
  return `${names[0]}, ${names[1]} и ещё ${names.length - 2} печатают...`;
}

export default function TypingLine({ channelId }) {
  const typing = useChat((state) => state.typing[channelId] ?? NONE);
  useEffect(() => {
    const timer = setInterval(() => expireTyping(EXPIRY), 1000);
    return () => clearInterval(timer);
  }, []);
  const names = Object.values(typing).sort((a, b) => a.at - b.at).map((entry) => entry.username);
  const text = typingText(names);
  return (
    <div className={`typing-line${text ? ' is-active' : ''}`} aria-live="polite">
      {text && (
        <>
          <span className="typing-line__dots" aria-hidden="true"><i /><i /><i /></span>
          <span className="typing-line__text">
            {typingParts(names).map((part, index) => (typeof part === 'string'
              ? part
              : <strong key={index}>{part.name}</strong>))}
          </span>
        </>
      )}
    </div>
  );
}
