// The palette's commands that act today (spec 001 "Command palette"). The spec's others
// (settings, profile, microphone, sound, theme, recent channels) arrive with their features.
import { useSearchDialog } from '../search/store.js';
import { navigate } from '../router.js';
import { useShell } from '../store.js';
import { t } from '../../lib/i18n.js';

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
  { id: 'home', label: t('На главную'), description: t('Ваши серверы'), category: t('Навигация'), run: () => navigate('/app') },
  { id: 'search', label: t('Поиск сообщений'), description: t('Сообщения, люди и серверы'), category: t('Навигация'),
    shortcut: 'Ctrl+/', run: () => useSearchDialog.getState().openSearch() },
  { id: 'discover', label: t('Обзор серверов'), description: t('Публичные сообщества'), category: t('Серверы'),
    run: () => navigate('/app/discover') },
  { id: 'create', label: t('Создать сервер'), description: t('Новое сообщество'), category: t('Серверы'),
    run: () => navigate('/app/create-server') },
  { id: 'join', label: t('Присоединиться к серверу'), description: t('По коду приглашения'), category: t('Серверы'),
    run: () => useShell.getState().openJoin() },
  { id: 'logout', label: t('Выйти'), description: t('Завершить сеанс'), category: t('Аккаунт'), run: () => signOut(csrfToken) },
];
