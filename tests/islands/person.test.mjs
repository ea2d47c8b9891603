// The islands' display-name rule is the server's (lobby/people/names.py): both read the same cases
// (display_names.json; tests/people/test_one_name.py runs them against the server's rule).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { personColor, personName, seatPerson } from '../../islands/app/ui/person.js';

const CASES = JSON.parse(readFileSync(new URL('./display_names.json', import.meta.url)));

test('a person shows by display name, else first and last name, else username', () => {
  for (const [displayName, firstName, lastName, username, shown] of CASES) {
    assert.equal(personName({ displayName, firstName, lastName, username }), shown, JSON.stringify({ displayName, firstName, lastName }));
  }
});

test('nobody shows as an empty name, and a missing person as nothing', () => {
  assert.equal(personName(null), '');
  assert.equal(personName({ username: 'vera' }), 'vera');
});

test('the colour comes from the id alone, whatever name a payload carries', () => {
  assert.equal(personColor({ id: 7, username: 'vera' }), personColor({ id: 7, username: 'другая', displayName: 'X' }));
  assert.notEqual(personColor({ id: 7 }), personColor({ id: 8 }));
  assert.match(personColor({ username: 'vera' }), /^hsl\(\d+ 55% 38%\)$/); // no id: from the username
});

test('a voice seat is a person', () => {
  const seat = { userId: 3, username: 'vera', displayName: 'Вера', profileImageUrl: null, muted: true };
  assert.deepEqual(seatPerson(seat), { id: 3, username: 'vera', displayName: 'Вера', profileImageUrl: null });
});
