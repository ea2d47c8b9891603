// The moderation panel's wording: action types, presence, roles, and member names.
import { lang, t } from '../../lib/i18n.js';

export const ACTION_LABELS = {
  KICK: t('Исключение'),
  BAN: t('Блокировка'),
  UNBAN: t('Разблокировка'),
  SETTINGS: t('Настройки'),
  CHANNEL_CREATE: t('Новый канал'),
  INVITE_REGENERATE: t('Новый код приглашения'),
};

export const actionLabel = (type) => ACTION_LABELS[type] ?? type ?? t('Действие');

// A settings entry's reason is the list of changed fields (site/lobby/servers/actions.py).
const SETTINGS_FIELDS = {
  name: t('название'), description: t('описание'), is_public: t('видимость'), icon: t('иконка'),
  category: t('категория'),
};

export function actionReason(action) {
  if (action.type !== 'SETTINGS' || !action.reason) return action.reason || '';
  const fields = action.reason.split(',').map((field) => field.trim()).filter(Boolean);
  if (!fields.every((field) => field in SETTINGS_FIELDS)) return action.reason;
  return t('Изменено: {fields}', { fields: fields.map((field) => SETTINGS_FIELDS[field]).join(', ') });
}

// Spec §3: ONLINE, AWAY, DND; anything else is offline.
const STATUSES = {
  ONLINE: ['online', t('В сети')],
  AWAY: ['idle', t('Отошел')],
  DND: ['dnd', t('Не беспокоить')],
};

export function presence(status) {
  const [kind, label] = STATUSES[status] ?? ['offline', t('Не в сети')];
  return { kind, label };
}

export const ROLE_LABELS = { owner: t('Владелец'), moderator: t('Модератор') };

export function fullName(user) {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return name || user?.username || t('Без имени');
}

export function initials(user) {
  const letters = [user?.firstName, user?.lastName].filter(Boolean).map((part) => part.trim()[0]).join('');
  return (letters || (user?.username ?? '?').slice(0, 2)).toUpperCase();
}

/** A stable hue per user for the initials avatar. */
export function avatarHue(user) {
  const seed = `${user?.id ?? ''}${user?.username ?? ''}`;
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** Case-insensitive match on username, first name or last name (spec "Moderation panel"). */
export function matchesSearch(member, query) {
  const needle = query.trim().toLocaleLowerCase(lang);
  if (!needle) return true;
  const user = member.user ?? {};
  return [user.username, user.firstName, user.lastName]
    .some((value) => (value ?? '').toLocaleLowerCase(lang).includes(needle));
}
