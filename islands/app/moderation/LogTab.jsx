// "Журнал": the active bans with an unban button (a short list, on top), then every moderation
// action, newest first.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import LockOpen from 'lucide-react/icons/lock-open';
import { toast } from '../../lib/toast.js';
import { request } from '../../lib/api.js';
import { formatDateTime } from '../../lib/dateTime.js';
import { ActionList } from './LogEntry.jsx';
import { t, tc } from '../../lib/i18n.js';
import PersonName from '../ui/PersonName.jsx';

function BanRow({ ban, serverId }) {
  const queryClient = useQueryClient();
  const unban = useMutation({
    mutationFn: () => request(`/api/servers/${serverId}/bans/${ban.user.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success(t('Блокировка снята'));
      for (const key of ['bans', 'audit']) queryClient.invalidateQueries({ queryKey: [key, serverId] });
    },
    onError: (error) => toast.error(t('Не удалось снять блокировку'), { description: error?.message || undefined }),
  });
  return (
    <li className="ban-row" data-username={ban.user.username}>
      <div className="ban-row__body">
        <p className="ban-row__head">
          <PersonName person={ban.user} className="ban-row__user" handle />
          <span className="ban-row__term">{ban.expiresAt ? t('до {date}', { date: formatDateTime(ban.expiresAt, { time: false }) }) : t('навсегда')}</span>
        </p>
        {ban.reason && <p className="ban-row__reason">{ban.reason}</p>}
        <p className="ban-row__meta">
          {tc('ban', 'Заблокирован')} <time dateTime={ban.createdAt}>{formatDateTime(ban.createdAt)}</time>
        </p>
      </div>
      <button type="button" className="btn btn-ghost mod-btn-sm" onClick={() => unban.mutate()}
        disabled={unban.isPending}>
        <LockOpen size={16} aria-hidden="true" />
        {tc('ban', 'Разблокировать')}
      </button>
    </li>
  );
}

export default function LogTab({ serverId, actions, bans }) {
  return (
    <div className="mod-log">
      <section className="mod-section" aria-labelledby="mod-bans-title">
        <div className="mod-section__head">
          <h3 className="mod-section__title" id="mod-bans-title">{tc('ban', 'Заблокированные')}</h3>
          {bans.length > 0 && <span className="mod-section__count">{bans.length}</span>}
        </div>
        {bans.length ? (
          <ul className="ban-list">
            {bans.map((ban) => <BanRow key={ban.id} ban={ban} serverId={serverId} />)}
          </ul>
        ) : (
          <p className="mod-muted">{t('Заблокированных пользователей нет.')}</p>
        )}
      </section>
      <section className="mod-section" aria-labelledby="mod-log-title">
        <div className="mod-section__head">
          <h3 className="mod-section__title" id="mod-log-title">{t('Журнал действий')}</h3>
          {actions.length > 0 && <span className="mod-section__count">{actions.length}</span>}
        </div>
        <ActionList actions={actions} />
      </section>
    </div>
  );
}
