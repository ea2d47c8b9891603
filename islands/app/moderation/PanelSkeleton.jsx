// Loading: the tab strip, three stat cards and a few log rows, as shapes.
import { t } from '../../lib/i18n.js';

export default function PanelSkeleton() {
  return (
    <div className="mod-panel mod-panel--loading" aria-busy="true">
      <span className="mod-sr-only" role="status">{t('Загрузка...')}</span>
      <div aria-hidden="true">
        <div className="mod-skeleton-tabs">
          {[1, 2, 3].map((item) => <span className="mod-skeleton mod-skeleton--tab" key={item} />)}
        </div>
        <div className="mod-stat-grid">
          {[1, 2, 3].map((item) => <span className="mod-skeleton mod-skeleton--card" key={item} />)}
        </div>
        <span className="mod-skeleton mod-skeleton--title" />
        {[1, 2, 3].map((item) => (
          <div className="mod-skeleton-row" key={item}>
            <span className="mod-skeleton mod-skeleton--circle" />
            <span className="mod-skeleton-row__lines">
              <span className="mod-skeleton mod-skeleton--line" />
              <span className="mod-skeleton mod-skeleton--line mod-skeleton--short" />
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
