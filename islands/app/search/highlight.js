// Where the query shows in a text, to mark it. Messages match by word starts (as the server
// matches them); server and user names by any substring. 'е' and 'ё' count as one letter.

const WORD = /[\p{L}\p{N}]+/gu;
const LETTER = '[\\p{L}\\p{N}]';

const escape = (value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// е or ё (as escapes: no text for people); the 'i' flag takes care of Е and Ё.
const yo = (value) => value.replace(/[\u0435\u0451]/giu, '[\u0435\u0451]');

/** A regular expression for the query's words (`words`) or for the whole query (`substring`). */
export function matcher(text, mode) {
  const q = text.trim();
  if (!q) return null;
  if (mode === 'substring') return new RegExp(yo(escape(q)), 'giu');
  const words = q.match(WORD);
  if (!words) return null;
  const alternatives = words.map((word) => yo(escape(word))).join('|');
  return new RegExp(`(?<!${LETTER})(?:${alternatives})${LETTER}*`, 'giu');
}

/** `text` cut into [{text, marked}] pieces. */
export function pieces(text, pattern) {
  if (!pattern || !text) return [{ text: text || '', marked: false }];
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (!match[0]) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index), marked: false });
    parts.push({ text: match[0], marked: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}

/** A long message starts shortly before its first match, so the match is in view. */
export function excerpt(text, pattern, lead = 48) {
  if (!pattern || text.length <= 140) return text;
  pattern.lastIndex = 0;
  const first = text.search(pattern);
  if (first <= lead) return text;
  const start = text.lastIndexOf(' ', first - lead) + 1 || first - lead;
  return `…${text.slice(start)}`;
}
