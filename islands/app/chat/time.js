// Times in the chat, in the page's language: relative ('только что', '5 минут назад'), day dividers, and one
// shared clock that ticks every 30 s so every relative time on the page moves together.
import { useSyncExternalStore } from 'react';
import { formatDateTime } from '../../lib/dateTime.js';
import { lang, t } from '../../lib/i18n.js';

// English dates read day first, as the Russian ones do ('12 March 2025', '12/03/2025').
const LOCALE = lang === 'en' ? 'en-GB' : 'ru';

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' });
const UNITS = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

export const toDate = (value) => (value instanceof Date ? value : new Date(value));

/** '5 минут назад', 'только что' under a minute (a clock a little ahead counts as now). */
export function relativeTime(value, now = Date.now()) {
  const seconds = Math.max(0, Math.round((now - toDate(value).getTime()) / 1000));
  if (seconds < 60) return t('только что');
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return t('только что');
}

const day = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric' });
const weekday = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** A tooltip's whole moment: 'среда, 12 марта 2025 г. 21:30', the clock as the settings have it. */
export const fullTime = (value) => `${weekday.format(toDate(value))} ${formatDateTime(value, { date: false })}`;
export const clockTime = (value) => formatDateTime(value, { date: false });

/** Beside a message's author: relative within a day ('5 минут назад'), then its date and clock
 * in the settings' formats, as a reader scrolling back wants to know when, not how long ago. */
export const messageTime = (value, now = Date.now()) => (now - toDate(value).getTime() < 86_400_000
  ? relativeTime(value, now) : formatDateTime(value));

const dayStart = (date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
export const dayKey = (value) => dayStart(toDate(value));

/** 'Сегодня', 'Вчера' or '12 марта 2025 г.' */
export function dayLabel(value, now = Date.now()) {
  const diff = Math.round((dayStart(new Date(now)) - dayStart(toDate(value))) / 86400000);
  if (diff === 0) return t('Сегодня');
  if (diff === 1) return t('Вчера');
  return day.format(toDate(value));
}

let now = Date.now();
const subscribers = new Set();
let timer = null;
let formats = null;

function tick() {
  now = Date.now();
  subscribers.forEach((notify) => notify());
}

function subscribe(callback) {
  subscribers.add(callback);
  if (!timer) {
    timer = setInterval(tick, 30_000);
    // A new date or clock format in the settings (this tab or another) redraws every time at once.
    formats = new MutationObserver(tick);
    formats.observe(document.documentElement, { attributeFilter: ['data-date-format', 'data-time-format'] });
  }
  return () => {
    subscribers.delete(callback);
    if (!subscribers.size) {
      clearInterval(timer);
      formats.disconnect();
      timer = formats = null;
    }
  };
}

/** The current time, re-rendering every 30 s. */
export const useNow = () => useSyncExternalStore(subscribe, () => now);
