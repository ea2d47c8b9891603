// The rows of the dialog as one list, so the arrow keys walk across kinds. In 'Все' the exact
// title matches come first (a server named as typed, a user with that username), then servers,
// people and messages (those newest first, as the server sends them).
import { lang } from '../../lib/i18n.js';

const same = (a, b) => (a || '').toLocaleLowerCase(lang) === (b || '').toLocaleLowerCase(lang);

export function resultRows(text, { servers = [], users = [], messages = [] }) {
  const q = text.trim();
  const rows = [
    ...servers.map((server) => ({ kind: 'server', key: `s${server.id}`, exact: same(server.name, q), server })),
    ...users.map((user) => ({ kind: 'user', key: `u${user.id}`, exact: same(user.username, q), user })),
    ...messages.map((message) => ({ kind: 'message', key: `m${message.id}`, exact: false, message })),
  ];
  return [...rows.filter((row) => row.exact), ...rows.filter((row) => !row.exact)];
}
