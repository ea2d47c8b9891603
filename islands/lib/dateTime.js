// Every date and clock time the islands show, in the person's settings: the date format and the
// 12/24 h clock the server renders on <html> (data-date-format, data-time-format) and
// lib/appearance.js changes live. One function, so no view keeps a format of its own; the pages the
// server renders use the `user_time` Jinja filter (lobby/user_time.py), which writes the same.
import { lang } from './i18n.js';

const LOCALE = lang === 'en' ? 'en-GB' : 'ru';
const html = document.documentElement;
const pad = (n) => String(n).padStart(2, '0');

/** '12/03/2025', '03/12/2025' or '2025-03-12': the settings' format, written as its option reads. */
function datePart(moment) {
  const [dd, mm, yyyy] = [pad(moment.getDate()), pad(moment.getMonth() + 1), moment.getFullYear()];
  switch (html.dataset.dateFormat) {
    case 'mm/dd/yyyy': return `${mm}/${dd}/${yyyy}`;
    case 'yyyy-mm-dd': return `${yyyy}-${mm}-${dd}`;
    default: return `${dd}/${mm}/${yyyy}`;
  }
}

const clockPart = (moment) => moment.toLocaleTimeString(LOCALE, {
  hour: '2-digit', minute: '2-digit', hour12: html.dataset.timeFormat === '12h',
});

/**
 * `value` (a Date, an ISO string or milliseconds) as '12/03/2025 21:30' in the settings' formats;
 * `{time: false}` for the date alone, `{date: false}` for the clock alone. '—' for no value.
 */
export function formatDateTime(value, { date = true, time = true } = {}) {
  const moment = value instanceof Date ? value : new Date(value ?? NaN);
  if (value == null || value === '' || Number.isNaN(moment.getTime())) return '—';
  return [date && datePart(moment), time && clockPart(moment)].filter(Boolean).join(' ');
}
