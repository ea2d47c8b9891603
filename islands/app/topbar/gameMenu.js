// The game centre's menu (spec 000 "Game-center dropdown"): where each entry goes and the shortcut
// the spec gives it. The labels show the shortcuts; the keys themselves are the shortcuts
// stream's (islands/app/shortcuts). /app/discover and /app/create-server open their dialogs over
// the app (Modals.jsx), /app/settings the settings dialog (live/SettingsLive.jsx).
import Compass from 'lucide-react/icons/compass';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Plus from 'lucide-react/icons/plus';
import Settings from 'lucide-react/icons/settings';
import Users from 'lucide-react/icons/users';
import { t } from '../../lib/i18n.js';

const MAC = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const keys = (key) => `${MAC ? '⌘' : 'Ctrl'}+${key}`;

export const GAME_MENU = [
  { id: 'gaming', to: '/gaming', label: t('Игровая панель'), keys: keys('G'), icon: Gamepad2 },
  { id: 'discover', to: '/app/discover', label: t('Найти сервер'), keys: keys('F'), icon: Compass },
  { id: 'create', to: '/app/create-server', label: t('Создать сервер'), keys: keys('N'), icon: Plus },
  { id: 'friends', to: '/friends', label: t('Друзья'), keys: keys('U'), icon: Users, badge: 'friendsOnline' },
  { id: 'settings', to: '/app/settings', label: t('Настройки'), keys: keys(','), icon: Settings },
];
