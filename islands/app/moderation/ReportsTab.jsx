// "Жалобы": the open reports of messages, oldest first — the message, who reported it and why,
// and the ways the caller may resolve it: dismiss, delete the message, and kick or ban its author
// unless the server's rule forbids it (the owner, the caller, a moderator to a moderator: reports.js).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Ban from 'lucide-react/icons/ban';
import Check from 'lucide-react/icons/check';
import Trash2 from 'lucide-react/icons/trash';
import UserMinus from 'lucide-react/icons/user-minus';
import { toast } from '../../lib/toast.js';
import { post } from '../../lib/api.js';
import { formatDateTime } from '../../lib/dateTime.js';
import { RESOLUTIONS } from './labels.js';
import { resolutionsFor } from './reports.js';
import { t, tc } from '../../lib/i18n.js';
import PersonName from '../ui/PersonName.jsx';

const BUTTONS = [
  { action: 'dismiss', label: t('Отклонить'), icon: Check, className: 'btn btn-ghost mod-btn-sm' },
  { action: 'delete', label: t('Удалить сообщение'), icon: Trash2, className: 'btn btn-ghost mod-btn-sm' },
  { action: 'kick', label: t('Исключить автора'), icon: UserMinus, className: 'btn btn-ghost mod-btn-sm' },
  { action: 'ban', label: tc('ban', 'Заблокировать автора'), icon: Ban, className: 'btn mod-btn-danger mod-btn-sm' },
];

function ReportRow({ report, serverId, allowed }) {
  const queryClient = useQueryClient();
  const resolve = useMutation({
    mutationFn: (action) => post(`/api/servers/${serverId}/reports/${report.id}/resolve`, { action }),
    onSuccess: (_data, action) => {
      toast.success(t('Жалоба рассмотрена'), { description: RESOLUTIONS[action] });
      for (const key of ['reports', 'members', 'audit', 'bans', 'server']) {
        queryClient.invalidateQueries({ queryKey: [key, serverId] });
      }
    },
    onError: (error) => toast.error(t('Не удалось рассмотреть жалобу'), { description: error?.message || undefined }),
  });
  const author = report.message?.author;
  return (
    <li className="report-row" data-report={report.id}>
      <blockquote className="report-row__message">
        <p className="report-row__author">{author ? <PersonName person={author} /> : t('Удалённый аккаунт')}</p>
        <p className="report-row__content">{report.message?.content || t('(без текста)')}</p>
      </blockquote>
      <p className="report-row__reason"><span className="report-row__label">{t('Причина:')}</span> {report.reason}</p>
      <p className="report-row__meta">
        {t('Пожаловался')} <PersonName person={report.reporter} className="report-row__reporter" />
        <span aria-hidden="true"> · </span>
        <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
      </p>
      <div className="report-row__actions">
        {BUTTONS.filter(({ action }) => allowed.includes(action)).map(({ action, label, icon: Icon, className }) => (
          <button key={action} type="button" className={className} disabled={resolve.isPending}
            onClick={() => resolve.mutate(action)}>
            <Icon size={16} aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
    </li>
  );
}

/** `server`, `me`, `members`: who may be acted on (resolutionsFor). */
export default function ReportsTab({ serverId, reports, server, me, members }) {
  if (!reports.length) {
    return (
      <div className="mod-empty">
        <p className="mod-empty__title">{t('Жалоб нет')}</p>
        <p className="mod-empty__text">{t('Здесь появятся сообщения, на которые пожаловались участники.')}</p>
      </div>
    );
  }
  return (
    <ul className="report-list">
      {reports.map((report) => (
        <ReportRow key={report.id} report={report} serverId={serverId}
          allowed={resolutionsFor(report.message?.author, { server, me, members })} />
      ))}
    </ul>
  );
}
