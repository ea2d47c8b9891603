// The performance panel (Ctrl+Shift+P, or the palette): real figures, refreshed every second —
// the live socket's round trip (lib/rtt.js: a ping frame timed to its pong), frames per second
// and the JS heap in use. A small non-modal panel: the app stays usable under it. Loaded when
// first opened (../later.js).
import X from 'lucide-react/icons/x';
import { useEffect } from 'react';
import { measureRoundTrip, useRoundTrip } from '../../lib/rtt.js';
import { t } from '../../lib/i18n.js';
import { useFramesPerSecond, useHeap } from './figures.js';

function Figure({ name, label, value, unit }) {
  return (
    <div className="perf-panel__row">
      <dt>{label}</dt>
      <dd data-figure={name}>
        {value == null ? <span className="perf-panel__none">{name === 'memory' ? t('нет данных') : '—'}</span>
          : <><span className="perf-panel__value">{value}</span> {unit}</>}
      </dd>
    </div>
  );
}

export default function PerfPanel({ onClose }) {
  const rtt = useRoundTrip();
  const fps = useFramesPerSecond();
  const heap = useHeap();
  useEffect(() => {
    measureRoundTrip(); // a figure now, not at the next 10 s tick
    const timer = setInterval(measureRoundTrip, 2000);
    return () => clearInterval(timer);
  }, []);
  return (
    <aside className="perf-panel" aria-labelledby="perf-panel-title">
      <header className="perf-panel__header">
        <h2 id="perf-panel-title" className="perf-panel__title">{t('Производительность')}</h2>
        <button type="button" className="icon-button" aria-label={t('Закрыть')} onClick={onClose}>
          <X size={16} aria-hidden="true" />
        </button>
      </header>
      <dl className="perf-panel__figures">
        <Figure name="rtt" label={t('Задержка сокета')} value={rtt} unit={t('мс')} />
        <Figure name="fps" label={t('Кадров в секунду')} value={fps} unit="" />
        <Figure name="memory" label={t('Память JS')} value={heap == null ? null : heap.toFixed(1)} unit={t('МБ')} />
      </dl>
    </aside>
  );
}
