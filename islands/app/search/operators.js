// The message search's operators (spec 001 "Global search dialog": in:#general, from:@username,
// has:link, has:file, before:yesterday, after:last week), read by the server
// (site/lobby/messages/search_operators.py). Here: the hints shown under 2 characters, whether a
// query uses operators (then only messages are searched), and its free words (what gets marked).
import { t } from '../../lib/i18n.js';

const NAMES = 'in|from|mentions|has|before|after|during';
// An operator with its value: one word, a quoted value, or an English period of two words ('last
// week'). (A Russian period's later words stay: this only decides what the results mark.)
const OPERATOR = new RegExp(`(^|\\s)(?:${NAMES}):(?:[#@]?"[^"]*"?|(?:last|this)\\s+\\S+|\\S*)`, 'giu');
const ANY = new RegExp(`(^|\\s)(?:${NAMES}):\\S`, 'iu');

/** The spec's hints first; `insert` is what a click adds to the query. */
export const HINTS = [
  { example: 'in:#general', insert: 'in:#', label: t('в канале') },
  { example: 'from:@username', insert: 'from:@', label: t('от пользователя') },
  { example: 'has:link', insert: 'has:link ', label: t('со ссылкой') },
  { example: 'has:file', insert: 'has:file ', label: t('с файлом') },
  { example: 'before:yesterday', insert: 'before:yesterday ', label: t('до вчерашнего дня') },
  { example: 'after:last week', insert: 'after:last week ', label: t('после прошлой недели') },
  { example: 'has:image', insert: 'has:image ', label: t('с изображением') },
  { example: 'mentions:@username', insert: 'mentions:@', label: t('с упоминанием пользователя') },
  { example: 'during:today', insert: 'during:today ', label: t('за сегодня') },
];

export const hasOperators = (text) => ANY.test(text);

/** The query without its operators: the words the server matches, for marking them in results. */
export const freeText = (text) => text.replace(OPERATOR, '$1').replace(/\s+/g, ' ');

/** The query with a hint added at its end. */
export const withHint = (text, hint) => `${text.trim() ? `${text.trimEnd()} ` : ''}${hint.insert}`;

/** The caller's UTC offset in minutes, for the days of before:/after:/during:. */
export const utcOffset = () => -new Date().getTimezoneOffset();
