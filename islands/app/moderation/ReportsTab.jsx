// "Жалобы": the open reports of messages, oldest first — the message, who reported it and why,
// and the four ways to resolve it (dismiss, delete the message, kick or ban its author).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Ban from 'lucide-react/icons/ban';
import Check from 'lucide-react/icons/check';
import Trash2 from 'lucide-react/icons/trash';
import UserMinus from 'lucide-react/icons/user-minus';
import { toast } from '../../lib/toast.js';
import { post } from '../../lib/api.js';
import { formatDateTime } from '../../lib/dateTime.js';
import { RESOLUTIONS } from './labels.js';
import { t, tc } from '../../lib/i18n.js';

const BUTTONS = [
  { action: 'dismiss', label: t('Отклонить'), icon: Check, className: 'btn btn-ghost mod-btn-sm' },
  { action: 'delete', label: t('Удалить сообщение'), icon: Trash2, className: 'btn btn-ghost mod-btn-sm' },
  { action: 'kick', label: t('Исключить автора'), icon: UserMinus, className: 'btn btn-ghost mod-btn-sm' },
  { action: 'ban', label: tc('ban', 'Заблокировать автора'), icon: Ban, className: 'btn mod-btn-danger mod-btn-sm' },
];

function ReportRow({ report, serverId }) {
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
        <p className="report-row__author">{author ? `@${author.username}` : t('Удалённый аккаунт')}</p>
        <p className="report-row__content">{report.message?.content || t('(без текста)')}</p>
      </blockquote>
      <p className="report-row__reason"><span className="report-row__label">{t('Причина:')}</span> {report.reason}</p>
      <p className="report-row__meta">
        {t('Пожаловался')} <span className="report-row__reporter">@{report.reporter?.username}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
      </p>
      <div className="report-row__actions">
        {BUTTONS.map(({ action, label, icon: Icon, className }) => (
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

export default function ReportsTab({ serverId, reports }) {
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
      {reports.map((report) => <ReportRow key={report.id} report={report} serverId={serverId} />)}
    </ul>
  );
}
