import Skeleton from '../ui/Skeleton.jsx';

/** The 9 placeholder cards while the list loads. */
export default function DiscoverSkeleton() {
  return Array.from({ length: 9 }, (_, n) => (
    <div key={n} className="discover-card discover-card--skeleton" aria-hidden="true">
      <Skeleton width={52} height={52} radius={14} />
      <Skeleton width="60%" height={14} />
      <Skeleton width="95%" height={10} />
      <Skeleton width="75%" height={10} />
      <Skeleton width="100%" height={40} radius={8} style={{ marginTop: 'auto' }} />
    </div>
  ));
}
