// Error toasts speak the page's language (islands/lib/errorWords.js): the wrapper's and the
// browser's English failures become Lobby's words; the server's own refusals pass unchanged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorWords } from '../../islands/lib/errorWords.js';

test('the wrapper and browser failures are said in the page language', () => {
  assert.equal(errorWords('Failed to fetch'), 'Сервер временно недоступен. Попробуйте снова через несколько минут.');
  assert.equal(errorWords('Backend service is temporarily unavailable. Please try again in 30 seconds.'),
    'Сервис временно недоступен. Попробуйте снова через 30 с.');
  assert.equal(errorWords('HTTP 502'), 'Ошибка сервера (HTTP 502)');
});

test("the server's own words and anything else pass as they are", () => {
  assert.equal(errorWords('Сообщение слишком длинное'), 'Сообщение слишком длинное');
  assert.equal(errorWords(undefined), undefined);
  assert.equal(errorWords('HTTP 502 and more'), 'HTTP 502 and more');
});
