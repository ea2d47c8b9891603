// The palette's commands (spec 001 "Command palette": go home, settings, profile, message search,
// recent channels, microphone, sound, create server, join server by invite, theme, log out), each
// acting for real, plus the few places the app has that a keyboard user looks for here. Their
// shortcut keys come from the one registry (../shortcuts/registry.js).
import { request, signOut as endSession } from '../../lib/api.js';
import { applySettings } from '../../lib/appearance.js';
import { t } from '../../lib/i18n.js';
import { disconnect } from '../../lib/socket.js';
import { toast } from '../../lib/toast.js';
import { navigate } from '../router.js';
import { useSearchDialog } from '../search/store.js';
import { voiceSwitch } from '../shortcuts/actions.js';
import { keysOf } from '../shortcuts/registry.js';
import { useLayers } from '../shortcuts/store.js';
import { useShell } from '../store.js';

/** Signs out the way the user menu does: a POST form with the page's CSRF token. */
function signOut(csrfToken) {
  endSession();
  disconnect();
  const form = document.createElement('form');
  form.method = 'post';
  form.action = '/auth/logout';
  form.hidden = true;
  const token = Object.assign(document.createElement('input'), { type: 'hidden', name: 'csrf_token', value: csrfToken });
  form.append(token);
  document.body.append(form);
  form.requestSubmit();
}

/** The theme the page shows now ('auto' follows the system), then the other one, saved like the
 * settings page saves it: the answer repaints this tab, `settings_changed` the person's others. */
async function toggleTheme() {
  const { theme } = document.documentElement.dataset;
  const light = theme === 'auto' ? window.matchMedia('(prefers-color-scheme: light)').matches : theme === 'light';
  try {
    const data = await request('/api/settings', { method: 'PATCH', body: { appearance: { theme: light ? 'dark' : 'light' } } });
    applySettings(data?.settings);
  } catch (error) {
    toast.error(error?.message || t('Не удалось сменить тему'));
  }
}

const NAVIGATION = t('Навигация');
const CHAT = t('Чат');
const VOICE = t('Голос');
const SERVER = t('Сервер');
const SYSTEM = t('Система');

/** `showRecent` turns the palette to its recent-channels page (the command keeps it open). */
export const commands = ({ csrfToken, showRecent, searchText = '' }) => [
  { id: 'home', label: t('На главную'), description: t('Ваши серверы'), category: NAVIGATION, run: () => navigate('/app') },
  { id: 'settings', label: t('Настройки'), description: t('Внешний вид, уведомления, язык'), category: SYSTEM,
    shortcut: keysOf('settings'), run: () => navigate('/app/settings') },
  { id: 'profile', label: t('Профиль'), description: t('Имя, аватар и статус'), category: SYSTEM,
    run: () => navigate('/app/settings/profile') },
  { id: 'search', label: t('Поиск сообщений'), description: t('Сообщения, люди и серверы'), category: CHAT,
    shortcut: keysOf('search'), keywords: ['search', t('поиск')], run: () => useSearchDialog.getState().openSearch(searchText) },
  { id: 'recent', label: t('Недавние каналы'), description: t('Где вы были недавно'), category: NAVIGATION,
    stay: true, run: showRecent },
  { id: 'mute', label: t('Переключить микрофон'), description: t('Включить или выключить микрофон'), category: VOICE,
    shortcut: keysOf('mute'), run: () => voiceSwitch('toggleMute') },
  { id: 'deafen', label: t('Переключить звук'), description: t('Включить или выключить звук'), category: VOICE,
    shortcut: keysOf('deafen'), run: () => voiceSwitch('toggleDeafen') },
  { id: 'create', label: t('Создать сервер'), description: t('Новое сообщество'), category: SERVER,
    shortcut: keysOf('create'), run: () => navigate('/app/create-server') },
  { id: 'join', label: t('Присоединиться к серверу'), description: t('По коду приглашения'), category: SERVER,
    run: () => useShell.getState().openJoin() },
  { id: 'discover', label: t('Найти сервер'), description: t('Публичные сообщества'), category: SERVER,
    shortcut: keysOf('discover'), run: () => navigate('/app/discover') },
  { id: 'friends', label: t('Друзья'), description: t('Друзья и личные сообщения'), category: NAVIGATION,
    shortcut: keysOf('friends'), run: () => navigate('/friends') },
  { id: 'theme', label: t('Сменить тему'), description: t('Тёмная или светлая'), category: SYSTEM, run: toggleTheme },
  { id: 'help', label: t('Сочетания клавиш'), description: t('Все клавиши приложения'), category: SYSTEM,
    shortcut: keysOf('help'), run: () => useLayers.getState().openHelp() },
  { id: 'perf', label: t('Панель производительности'), description: t('Задержка, кадры, память'), category: SYSTEM,
    shortcut: keysOf('perf'), run: () => useLayers.setState({ perf: true }) },
  { id: 'logout', label: t('Выйти'), description: t('Завершить сеанс'), category: SYSTEM, run: () => signOut(csrfToken) },
];
