// A message's text, always as text: React escapes it; links become <a> elements built here (only
// http and https) and the mentions the server recognised become chips — never HTML from the message.
import { splitMentions } from './mentions.js';
import { t } from '../../lib/i18n.js';

const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]}»]/gi;

export function splitLinks(text) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], href: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

function Mention({ text, person, me }) {
  const mine = person.username === 'everyone' || (me != null && person.id === me.id);
  return (
    <span className={`mention${mine ? ' mention--me' : ''}`} data-user-id={person.id ?? undefined}>{text}</span>
  );
}

/** `mentions`, `mentionsEveryone`: the message's (the server's word on who is called); `me`: the viewer. */
export default function MessageContent({ content, edited, mentions, mentionsEveryone = false, me = null }) {
  if (!content && !edited) return null; // a message of files only
  const parts = [];
  splitLinks(content || '').forEach((part, index) => {
    if (part.href) {
      parts.push(<a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">{part.text}</a>);
      return;
    }
    splitMentions(part.text, mentions ?? [], mentionsEveryone).forEach((piece, at) => {
      parts.push(piece.mention
        ? <Mention key={`${index}.${at}`} text={piece.text} person={piece.mention} me={me} />
        : piece.text);
    });
  });
  return (
    <p className="message__content">
      {parts}
      {edited && <span className="message__edited" title={edited}> {t('(изменено)')}</span>}
    </p>
  );
}
