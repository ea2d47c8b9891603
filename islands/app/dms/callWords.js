// A call's line in words (spec-like: 'Звонок, 12 мин', 'Пропущенный звонок'), from the line's
// `call` record ({outcome, seconds}): the chat's CallLine and the DM list's preview say the same.
import { t } from '../../lib/i18n.js';

/** '45 с', '12 мин', '1 ч 5 мин'. */
export function callLength(seconds) {
  const s = Math.max(0, Math.round(Number(seconds) || 0));
  if (s < 60) return t('{n} с', { n: s });
  const minutes = Math.round(s / 60);
  if (minutes < 60) return t('{n} мин', { n: minutes });
  return t('{h} ч {m} мин', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

export function callWords(call) {
  if (call?.outcome === 'missed') return t('Пропущенный звонок');
  if (call?.outcome === 'declined') return t('Отклонённый звонок');
  return t('Звонок, {length}', { length: callLength(call?.seconds) });
}

export const isCallLine = (message) => message?.messageType === 'call';
