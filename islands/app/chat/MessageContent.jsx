// A message's text, always as text: React escapes it; links become <a> elements built here (only
// http and https), never HTML from the message.
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

export default function MessageContent({ content, edited }) {
  if (!content && !edited) return null; // a message of files only
  return (
    <p className="message__content">
      {splitLinks(content || '').map((part, index) => (part.href
        ? <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">{part.text}</a>
        : part.text))}
      {edited && <span className="message__edited" title={edited}> (изменено)</span>}
    </p>
  );
}
