// A failed load inside a modal: the spec's text, the reason the API gave, and a retry.
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { t } from '../../lib/i18n.js';

export default function LoadFailed({ text, error, onRetry }) {
  const detail = error?.message && error.message !== text ? error.message : null;
  return (
    <div className="mod-load-failed" role="alert">
      <span className="mod-load-failed__icon" aria-hidden="true"><AlertTriangle size={20} /></span>
      <p className="mod-load-failed__title">{text}</p>
      {detail && <p className="mod-load-failed__detail">{detail}</p>}
      {onRetry && (
        <button type="button" className="btn btn-ghost mod-btn-sm" onClick={onRetry}>
          <RotateCw size={16} aria-hidden="true" />
          {t('Повторить')}
        </button>
      )}
    </div>
  );
}
