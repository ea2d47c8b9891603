// The composer's attach panel (spec "Composer"): its drop area and picker button. Stable markup
// for tests: .attach-panel. Not in the first load: it comes with the message tools (tools.js).
import FileUp from 'lucide-react/icons/file-up';
import { useState } from 'react';
import { t } from '../../lib/i18n.js';

const hasFiles = (event) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/** The drop itself is handled by the composer for the whole chat view; this only lights up. */
export default function AttachPanel({ onPick, disabled }) {
  const [over, setOver] = useState(false);
  return (
    <div className={`attach-panel${over ? ' is-over' : ''}`}
      onDragOver={(event) => { if (hasFiles(event)) { event.preventDefault(); setOver(true); } }}
      onDragLeave={() => setOver(false)}
      onDrop={() => setOver(false)}>
      <FileUp size={20} aria-hidden="true" className="attach-panel__icon" />
      <span className="attach-panel__text">{t('Перетащите файлы сюда или')}</span>
      <button type="button" className="btn btn-ghost btn-sm attach-panel__pick" onClick={onPick} disabled={disabled}>
        {t('Выбрать файлы')}
      </button>
    </div>
  );
}

