// The game centre's menu (spec 000 "Game-center dropdown"): where each entry goes and the shortcut
// the spec gives it, whose keys (shown, and for aria-keyshortcuts) come from the one shortcut
// registry (../shortcuts/registry.js), where the same ids act. /app/discover and
// /app/create-server open their dialogs over the app (Modals.jsx), /app/settings the settings
// dialog (live/SettingsLive.jsx).
import Compass from 'lucide-react/icons/compass';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Plus from 'lucide-react/icons/plus';
import Settings from 'lucide-react/icons/settings';
import Users from 'lucide-react/icons/users';
import { t } from '../../lib/i18n.js';
import { ariaKeysOf, keysOf } from '../shortcuts/registry.js';

const MENU = [
  { id: 'gaming', to: '/gaming', label: t('Игровая панель'), icon: Gamepad2 },
  { id: 'discover', to: '/app/discover', label: t('Найти сервер'), icon: Compass },
  { id: 'create', to: '/app/create-server', label: t('Создать сервер'), icon: Plus },
  { id: 'friends', to: '/friends', label: t('Друзья'), icon: Users, badge: 'friendsOnline' },
  { id: 'settings', to: '/app/settings', label: t('Настройки'), icon: Settings },
];

export const GAME_MENU = MENU.map((entry) => ({ ...entry, keys: keysOf(entry.id), ariaKeys: ariaKeysOf(entry.id) }));
