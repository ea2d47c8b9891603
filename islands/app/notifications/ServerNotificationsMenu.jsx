// The server's notification settings, from the chat header's bell (issue 29, as Discord has them):
// how much the person hears of the server — every message, only @mentions (the default), nothing —
// and a mute for 15 minutes, an hour, 8 hours, a day, or until they turn it back on. Saved on the
// server for this person and server (serverLevels.js), so every tab and device follows. Loaded
// with its first opening.
import BellOff from 'lucide-react/icons/bell-off';
import BellRing from 'lucide-react/icons/bell-ring';
import { toast } from '../../lib/toast.js';
import { t } from '../../lib/i18n.js';
import ContextMenu from '../ui/ContextMenu.jsx';
import { levelOf, setServerLevel } from './serverLevels.js';

export const LEVEL_LABELS = {
  all: t('Все сообщения'),
  mentions: t('Только @упоминания'),
  nothing: t('Ничего'),
};

const MUTES = [
  ['15m', t('Без звука на 15 минут')],
  ['1h', t('Без звука на 1 час')],
  ['8h', t('Без звука на 8 часов')],
  ['24h', t('Без звука на 24 часа')],
  ['forever', t('Без звука, пока не включу снова')],
];

function save(serverId, change) {
  setServerLevel(serverId, change).catch((error) => toast.error(t('Не удалось изменить уведомления сервера'), {
    description: error?.message || undefined,
  }));
}

export default function ServerNotificationsMenu({ serverId, servers, at, origin, onClose }) {
  if (!at) return null; // closed (the menu renders only while it is open)
  const setting = levelOf(serverId, servers);
  const items = [
    ...Object.entries(LEVEL_LABELS).map(([level, label]) => ({
      id: `level-${level}`, label, checked: setting.level === level, onSelect: () => save(serverId, { level }),
    })),
    'separator',
    ...(setting.muted
      ? [{ id: 'unmute', label: t('Включить звук сервера'), icon: BellRing, onSelect: () => save(serverId, { mute: 'off' }) }]
      : MUTES.map(([mute, label]) => ({ id: `mute-${mute}`, label, icon: BellOff, onSelect: () => save(serverId, { mute }) }))),
  ];
  return <ContextMenu at={at} origin={origin} onClose={onClose} items={items} label={t('Уведомления сервера')}
    className="server-notifications-menu" />;
}
