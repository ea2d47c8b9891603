// Who is typing (spec §4 "Typing"): entries expire 5 s after their last event, checked every 1 s;
// a stop event removes one at once; one's own events never get here (sync.js drops them).
import { useEffect } from 'react';
import { expireTyping, useChat } from './store.js';
import { personName, usePeople } from '../ui/person.js';
import { t } from '../../lib/i18n.js';
import { rich } from '../../lib/rich.jsx';

const EXPIRY = 5000;
const NONE = {};

/** The sentence (its {placeholders} unfilled) and what fills them: the names, shown bold. */
function typingSentence(names) {
  if (names.length === 1) return [t('{first} печатает...'), { first: names[0] }];
  if (names.length === 2) return [t('{first} и {second} печатают...'), { first: names[0], second: names[1] }];
  return [t('{first}, {second} и ещё {more} печатают...'), { first: names[0], second: names[1], more: names.length - 2 }];
}

/** The sentence as parts: names (shown bold) and the words between them. */
export function typingParts(names) {
  if (names.length === 0) return [];
  const [sentence, values] = typingSentence(names);
  const bold = (value) => (typeof value === 'string' ? <strong>{value}</strong> : value);
  return rich(sentence, Object.fromEntries(Object.entries(values).map(([key, value]) => [key, bold(value)])));
}

export function typingText(names) {
  if (names.length === 0) return '';
  const [sentence, values] = typingSentence(names);
  return sentence.replace(/\{(\w+)\}/g, (whole, key) => String(values[key] ?? whole));
}

export default function TypingLine({ channelId }) {
  const typing = useChat((state) => state.typing[channelId] ?? NONE);
  useEffect(() => {
    const timer = setInterval(() => expireTyping(EXPIRY), 1000);
    return () => clearInterval(timer);
  }, []);
  const people = usePeople(); // names heard changing live (ui/person.js)
  const names = Object.values(typing).sort((a, b) => a.at - b.at)
    .map((entry) => personName(people[entry.person?.id] ?? entry.person) || entry.username);
  const text = typingText(names);
  return (
    <div className={`typing-line${text ? ' is-active' : ''}`} aria-live="polite">
      {text && (
        <>
          <span className="typing-line__dots" aria-hidden="true"><i /><i /><i /></span>
          <span className="typing-line__text">
            {typingParts(names)}
          </span>
        </>
      )}
    </div>
  );
}
