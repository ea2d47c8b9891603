// The friends page's cache changes (islands/app/friends/model.js): each live frame changes the
// lists the same way wherever it lands, and twice the same frame changes nothing more.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  EMPTY, friendAdded, inOrder, matches, personBlocked, requestReceived, requestRemoved, statusChanged,
} from '../../islands/app/friends/model.js';

const ME = 1;
const person = (id, username, extra = {}) => ({ id, username, firstName: '', lastName: '', ...extra });
const request = (id, from, to) => ({ id, fromUser: from, toUser: to });
const vera = person(2, 'vera', { displayName: 'Вера Павлова' });
const olga = person(3, 'olga');

test('friends are ordered by status, a game first, then username', () => {
  const list = [person(4, 'zoe', { status: 'ONLINE' }), person(5, 'ann', { status: 'OFFLINE' }),
    person(6, 'bob', { status: 'ONLINE', gameActivity: { name: 'Dota 2' } }), person(7, 'amy', { status: 'IDLE' })];
  assert.deepEqual(inOrder(list).map((f) => f.username), ['bob', 'zoe', 'amy', 'ann']);
});

test('search finds by username, display name or full name, in any case', () => {
  assert.ok(matches(vera, 'VER'));
  assert.ok(matches(vera, 'павлова'));
  assert.ok(!matches(olga, 'вера'));
  assert.ok(matches(olga, '  '));
});

test('a request lands on the right side once, and goes from both', () => {
  const mine = request(10, person(ME, 'me'), vera);
  let data = requestReceived(EMPTY, mine, ME);
  assert.deepEqual(data.outgoing.map((r) => r.id), [10]);
  assert.equal(requestReceived(data, mine, ME), data);
  data = requestReceived(data, request(11, olga, person(ME, 'me')), ME);
  assert.deepEqual(data.incoming.map((r) => r.id), [11]);
  data = requestRemoved(data, 10);
  assert.deepEqual([data.incoming.length, data.outgoing.length], [1, 0]);
});

test('an accepted friend replaces any request between the two', () => {
  const data = requestReceived(EMPTY, request(11, olga, person(ME, 'me')), ME);
  const after = friendAdded(data, { ...olga, status: 'ONLINE' });
  assert.deepEqual([after.friends.map((f) => f.id), after.incoming.length], [[3], 0]);
});

test('a block drops the friendship and the requests and lists the person blocked', () => {
  const data = friendAdded(EMPTY, { ...vera, status: 'ONLINE' });
  const after = personBlocked(data, vera);
  assert.deepEqual([after.friends.length, after.blocked.map((p) => [p.id, p.isBlocked, p.status])], [0, [[2, true, 'OFFLINE']]]);
});

test("a status change moves the friend, and a stranger's changes nothing", () => {
  let data = friendAdded(friendAdded(EMPTY, { ...vera, status: 'OFFLINE' }), { ...olga, status: 'ONLINE' });
  assert.deepEqual(data.friends.map((f) => f.id), [3, 2]);
  data = statusChanged(data, { friendId: 2, status: 'ONLINE', customStatus: 'в рейде' });
  // Both online now: by username, olga before vera.
  assert.deepEqual(data.friends.map((f) => [f.id, f.status, f.customStatus ?? null]),
    [[3, 'ONLINE', null], [2, 'ONLINE', 'в рейде']]);
  assert.equal(statusChanged(data, { friendId: 99, status: 'ONLINE' }), data);
});
