// What stands in place of the composer during a timeout (TimeoutNotice.jsx decides when): until
// when, and how long is left. Its code loads only when someone is timed out.
import Timer from 'lucide-react/icons/timer';
import { formatDateTime } from '../../lib/dateTime.js';
import { lang, t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

const relative = new Intl.RelativeTimeFormat(lang === 'en' ? 'en-GB' : 'ru', { numeric: 'always' });

/** 'через 5 минут', 'через 2 часа': the largest whole unit, rounded up. */
export function leftIn(milliseconds) {
  const seconds = Math.max(1, Math.ceil(milliseconds / 1000));
  if (seconds < 60) return relative.format(seconds, 'second');
  if (seconds < 3600) return relative.format(Math.ceil(seconds / 60), 'minute');
  if (seconds < 86400) return relative.format(Math.ceil(seconds / 3600), 'hour');
  return relative.format(Math.ceil(seconds / 86400), 'day');
}

export default function TimeoutBanner({ until, now }) {
  return (
    <div className="timeout-notice" role="status">
      <Timer size={18} aria-hidden="true" className="timeout-notice__icon" />
      <p className="timeout-notice__text">
        <strong>{t('Вы в тайм-ауте до {time}', { time: formatDateTime(until) })}</strong>
        <span>{t('Писать и ставить реакции можно будет {left}. Читать канал можно.', { left: leftIn(until.getTime() - now) })}</span>
      </p>
    </div>
  );
}
