// Mentions (contract "Mentions"): the server resolves `@username` at send against the people who
// can read the channel and lists them in message.mentions; `@everyone` counts only from owners and
// moderators (message.mentionsEveryone). Here: finding those tokens in a message's text, whether a
// message calls the viewer, and the '@word' the composer's autocomplete looks for (who it offers:
// MentionList.jsx, loaded with the first '@').

// Usernames are letters of any alphabet, digits, '_' and '-' (accounts/validation.py).
const NAME = '[\\p{L}\\p{N}\\p{M}_-]';
const TOKEN = new RegExp(`(^|[^\\p{L}\\p{N}\\p{M}_@-])@(${NAME}+)`, 'gu');
const TYPING = new RegExp(`(?:^|\\s)@(${NAME}{0,32})$`, 'u');

export const EVERYONE = 'everyone';

/** The message calls the viewer: by name, or @everyone. */
export function mentionsMe(message, me) {
  if (!me || !message) return false;
  return Boolean(message.mentionsEveryone) || Boolean(message.mentions?.some((person) => person.id === me.id));
}

/**
 * A text's parts, with the mentions the server recognised marked: [{text}, {text, mention}].
 * `mention` is the {id, username} (or {username: 'everyone'}); other '@words' stay text.
 */
export function splitMentions(text, mentions = [], everyone = false) {
  const known = new Map(mentions.map((person) => [person.username.toLowerCase(), person]));
  if (!known.size && !everyone) return [{ text }];
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const name = match[2].toLowerCase();
    const person = name === EVERYONE && everyone ? { username: EVERYONE } : known.get(name);
    if (!person) continue;
    const start = match.index + match[1].length;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: `@${match[2]}`, mention: person });
    last = start + 1 + match[2].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The '@word' being typed just before the caret: {start, query}, or null. */
export function mentionAt(text, caret) {
  const found = text.slice(0, caret).match(TYPING);
  if (!found) return null;
  return { start: caret - found[1].length - 1, query: found[1] };
}
