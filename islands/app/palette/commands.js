// The palette's commands that act today (spec 001 "Command palette"). The spec's others
// (settings, profile, microphone, sound, theme, recent channels) arrive with their features.
import { useSearchDialog } from '../search/store.js';
import { navigate } from '../router.js';
import { useShell } from '../store.js';

/** Signs out the way the user menu does: a POST form with the page's CSRF token. */
function signOut(csrfToken) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = '/auth/logout';
  const token = Object.assign(document.createElement('input'), { type: 'hidden', name: 'csrf_token', value: csrfToken });
  form.append(token);
  document.body.append(form);
  form.requestSubmit();
}

export const commands = (csrfToken) => [
  { id: 'home', label: 'На главную', description: 'Ваши серверы', category: 'Навигация', run: () => navigate('/app') },
  { id: 'search', label: 'Поиск сообщений', description: 'Сообщения, люди и серверы', category: 'Навигация',
    shortcut: 'Ctrl+/', run: () => useSearchDialog.getState().openSearch() },
  { id: 'discover', label: 'Обзор серверов', description: 'Публичные сообщества', category: 'Серверы',
    run: () => navigate('/app/discover') },
  { id: 'create', label: 'Создать сервер', description: 'Новое сообщество', category: 'Серверы',
    run: () => navigate('/app/create-server') },
  { id: 'join', label: 'Присоединиться к серверу', description: 'По коду приглашения', category: 'Серверы',
    run: () => useShell.getState().openJoin() },
  { id: 'logout', label: 'Выйти', description: 'Завершить сеанс', category: 'Аккаунт', run: () => signOut(csrfToken) },
];
