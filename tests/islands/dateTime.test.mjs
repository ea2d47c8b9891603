// Every date the islands show follows the person's settings (islands/lib/dateTime.js): the date
// format and the 12/24 h clock the server puts on <html>, changed live by the appearance settings.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const html = { dataset: {} };
globalThis.document = { documentElement: html }; // what the module reads at import, in a page
const { formatDateTime } = await import('../../islands/lib/dateTime.js');
const moment = new Date(2025, 2, 12, 21, 5); // 12 March 2025, 21:05 local time

test('the date in each of the three formats', () => {
  for (const [format, shown] of [[undefined, '12/03/2025'], ['dd/mm/yyyy', '12/03/2025'], ['mm/dd/yyyy', '03/12/2025'],
    ['yyyy-mm-dd', '2025-03-12']]) {
    html.dataset.dateFormat = format;
    assert.equal(formatDateTime(moment, { time: false }), shown, format);
  }
});

test('the clock in 24 h, or 12 h when chosen', () => {
  html.dataset.dateFormat = 'dd/mm/yyyy';
  html.dataset.timeFormat = '24h';
  assert.equal(formatDateTime(moment), '12/03/2025 21:05');
  html.dataset.timeFormat = '12h';
  assert.match(formatDateTime(moment, { date: false }), /^0?9:05\s?(PM|pm|ПП|пп|p\.m\.)?/);
  assert.notEqual(formatDateTime(moment, { date: false }), '21:05');
});

test('no value or a broken one reads as a dash; strings and milliseconds are dates', () => {
  assert.equal(formatDateTime(null), '—');
  assert.equal(formatDateTime(''), '—');
  assert.equal(formatDateTime('not a date'), '—');
  html.dataset.timeFormat = '24h';
  assert.equal(formatDateTime(moment.getTime()), formatDateTime(moment.toISOString()));
});
