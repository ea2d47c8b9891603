// Words in the islands (islands/lib/i18n.js): placeholders, and Russian plurals by the rule of
// 1 / 2–4 / 5–20, with 11–14 always the many form. The build swaps in English and its one/other.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { t, tp } from '../../islands/lib/i18n.js';

const MEMBERS = '{n} участник|{n} участника|{n} участников';

test('placeholders are filled, unknown ones are kept as written', () => {
  assert.equal(t('Привет, {name}!', { name: 'Вера' }), 'Привет, Вера!');
  assert.equal(t('{a} и {b}', { a: 1 }), '1 и {b}');
  assert.equal(t('Без подстановок'), 'Без подстановок');
});

test('Russian plural forms follow the last two digits', () => {
  const cases = { 1: 'участник', 21: 'участник', 101: 'участник', 2: 'участника', 3: 'участника', 24: 'участника',
    0: 'участников', 5: 'участников', 11: 'участников', 12: 'участников', 14: 'участников', 111: 'участников',
    112: 'участников', 25: 'участников' };
  for (const [n, word] of Object.entries(cases)) assert.equal(tp(MEMBERS, Number(n)), `${n} ${word}`, n);
});

test('a plural takes other values beside n', () => {
  assert.equal(tp('{count} сообщение|{count} сообщения|{count} сообщений', 5, { count: '5' }), '5 сообщений');
});
