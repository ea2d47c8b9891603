import Skeleton from '../ui/Skeleton.jsx';
import { t } from '../../lib/i18n.js';

/** The overview's shape while it loads. */
export default function OverviewSkeleton() {
  return (
    <div className="page overview" aria-busy="true" aria-label={t('Загрузка сервера')}>
      <div className="card overview-header">
        <Skeleton width={80} height={80} radius={20} />
        <div className="overview-header__text">
          <Skeleton width="40%" height={22} />
          <Skeleton width="70%" height={12} />
          <Skeleton width="30%" height={12} />
        </div>
      </div>
      <div className="stat-cards">
        {[0, 1, 2].map((n) => (
          <div key={n} className="card stat-card">
            <Skeleton width={40} height={40} radius={10} />
            <span className="stat-card__text"><Skeleton width={48} height={20} /><Skeleton width={96} height={10} /></span>
          </div>
        ))}
      </div>
      <div className="card overview-channels">
        <Skeleton width={160} height={16} />
        {[0, 1, 2].map((n) => <Skeleton key={n} width="100%" height={52} radius={8} />)}
      </div>
    </div>
  );
}
