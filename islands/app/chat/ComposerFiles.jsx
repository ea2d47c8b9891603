// The composer's attachments (spec "Composer"): the attach panel with its drop area and picker
// button, the pending files (removable, pictures previewed) and the upload's progress bar.
// Stable markup for tests: .attach-panel, .pending-file (.pending-file__name, .pending-file__size),
// .composer__progress.
import FileUp from 'lucide-react/icons/file-up';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { extensionBadge, megabytes } from './files.js';

const hasFiles = (event) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/** The drop itself is handled by the composer for the whole chat view; this only lights up. */
export function AttachPanel({ onPick, disabled }) {
  const [over, setOver] = useState(false);
  return (
    <div className={`attach-panel${over ? ' is-over' : ''}`}
      onDragOver={(event) => { if (hasFiles(event)) { event.preventDefault(); setOver(true); } }}
      onDragLeave={() => setOver(false)}
      onDrop={() => setOver(false)}>
      <FileUp size={20} aria-hidden="true" className="attach-panel__icon" />
      <span className="attach-panel__text">Перетащите файлы сюда или</span>
      <button type="button" className="btn btn-ghost btn-sm attach-panel__pick" onClick={onPick} disabled={disabled}>
        Выбрать файлы
      </button>
    </div>
  );
}

export function PendingFiles({ files, onRemove, disabled }) {
  if (!files.length) return null;
  return (
    <ul className="pending-files" aria-label="Прикреплённые файлы">
      {files.map((entry) => (
        <li key={entry.id} className="pending-file">
          {entry.preview
            ? <img className="pending-file__preview" src={entry.preview} alt="" />
            : <span className="pending-file__badge" aria-hidden="true">{extensionBadge(entry.name)}</span>}
          <span className="pending-file__text">
            <span className="pending-file__name" title={entry.name}>{entry.name}</span>
            <span className="pending-file__size">{megabytes(entry.size)}</span>
          </span>
          <button type="button" className="icon-button icon-button--sm pending-file__remove" disabled={disabled}
            aria-label={`Убрать файл ${entry.name}`} title="Убрать файл" onClick={() => onRemove(entry.id)}>
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
    <div className="composer__progress" role="progressbar" aria-label="Загрузка файлов"
      aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <span className="composer__progress-bar" style={{ width: `${percent}%` }} />
      <span className="composer__progress-text">Загрузка... {percent}%</span>
    </div>
  );
}
