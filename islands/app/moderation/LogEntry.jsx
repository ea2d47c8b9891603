// One moderation log action: type, target, reason, moderator, date and time.
import Ban from 'lucide-react/icons/ban';
import Crown from 'lucide-react/icons/crown';
import Flag from 'lucide-react/icons/flag';
import Shield from 'lucide-react/icons/shield';
import Timer from 'lucide-react/icons/timer';
import TimerOff from 'lucide-react/icons/timer-off';
import Hash from 'lucide-react/icons/hash';
import KeyRound from 'lucide-react/icons/key-round';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserMinus from 'lucide-react/icons/user-minus';
import Zap from 'lucide-react/icons/zap';
import { formatDateTime } from '../../lib/dateTime.js';
import { actionLabel, actionReason } from './labels.js';
import { t } from '../../lib/i18n.js';
import PersonName from '../ui/PersonName.jsx';

const ICONS = {
  KICK: [UserMinus, 'warning'],
  BAN: [Ban, 'danger'],
  UNBAN: [ShieldCheck, 'success'],
  SETTINGS: [Settings, 'muted'],
  CHANNEL_CREATE: [Hash, 'accent'],
  INVITE_REGENERATE: [KeyRound, 'accent'],
  ROLE_CHANGE: [Shield, 'accent'],
  TRANSFER: [Crown, 'warning'],
  TIMEOUT: [Timer, 'warning'],
  TIMEOUT_LIFT: [TimerOff, 'success'],
  REPORT_RESOLVE: [Flag, 'muted'],
};

export default function LogEntry({ action }) {
  const [Icon, tone] = ICONS[action.type] ?? [Zap, 'muted'];
  const reason = actionReason(action);
  return (
    <li className={`log-entry log-entry--${tone}`} data-type={action.type}>
      <span className="log-entry__icon" aria-hidden="true"><Icon size={16} /></span>
      <div className="log-entry__body">
        <p className="log-entry__head">
          <span className="log-entry__type">{actionLabel(action.type)}</span>
          {action.target?.username && <PersonName person={action.target} className="log-entry__target" />}
        </p>
        {reason && <p className="log-entry__reason">{reason}</p>}
        <p className="log-entry__meta">
          {action.moderator?.username && (
            <>
              <span>{t('Модератор')} <PersonName person={action.moderator} className="log-entry__moderator" /></span>
              <span aria-hidden="true">·</span>
            </>
          )}
          <time dateTime={action.createdAt}>{formatDateTime(action.createdAt)}</time>
        </p>
      </div>
    </li>
  );
}

export function ActionList({ actions, emptyText = t('Действия модерации отсутствуют') }) {
  if (!actions.length) {
    return (
      <div className="mod-empty">
        <p className="mod-empty__title">{emptyText}</p>
        <p className="mod-empty__text">{t('Здесь появятся исключения, блокировки и изменения настроек.')}</p>
      </div>
    );
  }
  return (
    <ul className="log-list">
      {actions.map((action) => <LogEntry key={action.id} action={action} />)}
    </ul>
  );
}
