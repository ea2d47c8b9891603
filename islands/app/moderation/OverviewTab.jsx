// "Обзор": members, open reports, this month's actions, the latest 5.
import Flag from 'lucide-react/icons/flag';
import Gavel from 'lucide-react/icons/gavel';
import Users from 'lucide-react/icons/users';
import { ActionList } from './LogEntry.jsx';
import { t } from '../../lib/i18n.js';

const LATEST = 5; // spec §9: moderation actions shown

function StatCard({ icon: Icon, label, value, caption, tone }) {
  return (
    <div className={`mod-stat mod-stat--${tone}`}>
      <span className="mod-stat__icon" aria-hidden="true"><Icon size={18} /></span>
      <div>
        <p className="mod-stat__label">{label}</p>
        <p className="mod-stat__value">{value}</p>
        {caption && <p className="mod-stat__caption">{caption}</p>}
      </div>
    </div>
  );
}

export default function OverviewTab({ memberCount, monthCount, reportCount = 0, actions, onShowLog }) {
  return (
    <div className="mod-overview">
      <div className="mod-stat-grid">
        <StatCard icon={Users} tone="accent" label={t('Всего участников')} value={memberCount} />
        <StatCard icon={Flag} tone="warning" label={t('Ожидающие жалобы')} value={reportCount} />
        <StatCard icon={Gavel} tone="danger" label={t('Действия модерации')} value={monthCount} caption={t('за месяц')} />
      </div>
      <section className="mod-section" aria-labelledby="mod-latest-title">
        <div className="mod-section__head">
          <h3 className="mod-section__title" id="mod-latest-title">{t('Последние действия')}</h3>
          {actions.length > 0 && (
            <button type="button" className="mod-link" onClick={onShowLog}>{t('Весь журнал')}</button>
          )}
        </div>
        <ActionList actions={actions.slice(0, LATEST)} />
      </section>
    </div>
  );
}
