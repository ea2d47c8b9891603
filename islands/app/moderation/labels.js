// The moderation panel's wording: action types, presence, roles, and member names.
import { lang, t } from '../../lib/i18n.js';
import { personName } from '../ui/person.js';

export const ACTION_LABELS = {
  KICK: t('Исключение'),
  BAN: t('Блокировка'),
  UNBAN: t('Разблокировка'),
  SETTINGS: t('Настройки'),
  CHANNEL_CREATE: t('Новый канал'),
  CHANNEL_UPDATE: t('Канал изменён'),
  CHANNEL_MOVE: t('Канал перемещён'),
  CHANNEL_DELETE: t('Канал удалён'),
  INVITE_REGENERATE: t('Новый код приглашения'),
  ROLE_CHANGE: t('Смена роли'),
  TRANSFER: t('Передача владения'),
  TIMEOUT: t('Тайм-аут'),
  TIMEOUT_LIFT: t('Тайм-аут снят'),
  REPORT_RESOLVE: t('Жалоба рассмотрена'),
};

export const actionLabel = (type) => ACTION_LABELS[type] ?? type ?? t('Действие');

// A settings entry's reason is the list of changed fields (site/lobby/servers/actions.py).
const SETTINGS_FIELDS = {
  name: t('название'), description: t('описание'), is_public: t('видимость'), icon: t('иконка'),
  category: t('категория'),
};

// Machine-written reasons (site/lobby/servers/roles.py, timeouts.py, reports.py) read as words.
const ROLE_REASONS = { moderator: t('Назначен модератором'), member: t('Снят с модераторов') };
export const RESOLUTIONS = {
  dismiss: t('Отклонена'), delete: t('Сообщение удалено'), kick: t('Автор исключён'), ban: t('Автор заблокирован'),
};

function timeoutReason(reason) {
  const found = /^(\d+)s: ([\s\S]*)$/.exec(reason);
  if (!found) return reason;
  const choice = TIMEOUT_CHOICES.find((option) => option.seconds === Number(found[1]));
  return choice ? `${choice.label} · ${found[2]}` : found[2];
}

function resolveReason(reason) {
  const found = /^(dismiss|delete|kick|ban): ([\s\S]*)$/.exec(reason);
  return found ? `${RESOLUTIONS[found[1]]} · ${found[2]}` : reason;
}

export function actionReason(action) {
  if (action.type === 'ROLE_CHANGE') return ROLE_REASONS[action.reason] ?? action.reason ?? '';
  if (action.type === 'TIMEOUT' && action.reason) return timeoutReason(action.reason);
  if (action.type === 'REPORT_RESOLVE' && action.reason) return resolveReason(action.reason);
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

/** The person's one name (ui/person.js): display name, else first and last name, else username. */
export function fullName(user) {
  return personName(user) || t('Без имени');
}

/** Case-insensitive match on username, display name, first name or last name (spec "Moderation panel"). */
export function matchesSearch(member, query) {
  const needle = query.trim().toLocaleLowerCase(lang);
  if (!needle) return true;
  const user = member.user ?? {};
  return [user.username, user.displayName, user.firstName, user.lastName]
    .some((value) => (value ?? '').toLocaleLowerCase(lang).includes(needle));
}

// The timeout lengths offered (the API takes 60 s … 1 week).
export const TIMEOUT_CHOICES = [
  { seconds: 60, label: t('60 секунд') },
  { seconds: 5 * 60, label: t('5 минут') },
  { seconds: 10 * 60, label: t('10 минут') },
  { seconds: 60 * 60, label: t('1 час') },
  { seconds: 24 * 60 * 60, label: t('1 день') },
  { seconds: 7 * 24 * 60 * 60, label: t('1 неделя') },
];

/** The end of a member's running timeout (a Date), or null. */
export function timeoutEnd(member, now = Date.now()) {
  const until = member?.timedOutUntil ? new Date(member.timedOutUntil) : null;
  return until && until.getTime() > now ? until : null;
}
