// The composer's attachments (spec "Composer"): the pending files (removable, pictures previewed)
// and the upload's progress bar; the attach panel is AttachPanel.jsx (it loads later, tools.js).
// Stable markup for tests: .pending-file (.pending-file__name, .pending-file__size),
// .composer__progress.
import X from 'lucide-react/icons/x';
import { extensionBadge, fileSize } from './files.js';
import { t } from '../../lib/i18n.js';

export function PendingFiles({ files, onRemove, disabled }) {
  if (!files.length) return null;
  return (
    <ul className="pending-files" aria-label={t('Прикреплённые файлы')}>
      {files.map((entry) => (
        <li key={entry.id} className="pending-file">
          {entry.preview
            ? <img className="pending-file__preview" src={entry.preview} alt="" />
            : <span className="pending-file__badge" aria-hidden="true">{extensionBadge(entry.name)}</span>}
          <span className="pending-file__text">
            <span className="pending-file__name" title={entry.name}>{entry.name}</span>
            <span className="pending-file__size">{fileSize(entry.size)}</span>
          </span>
          <button type="button" className="icon-button icon-button--sm pending-file__remove" disabled={disabled}
            aria-label={t('Убрать файл {name}', { name: entry.name })} title={t('Убрать файл')} onClick={() => onRemove(entry.id)}>
            <X size={14} aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function UploadProgress({ value }) {
  if (value == null) return null;
  const percent = Math.round(Math.min(Math.max(value, 0), 1) * 100);
  return (
    <div className="composer__progress" role="progressbar" aria-label={t('Загрузка файлов')}
      aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <span className="composer__progress-bar" style={{ width: `${percent}%` }} />
      <span className="composer__progress-text">{t('Загрузка... {percent}%', { percent })}</span>
    </div>
  );
}
