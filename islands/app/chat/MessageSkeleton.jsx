import Skeleton from '../ui/Skeleton.jsx';

const WIDTHS = [['22%', '64%'], ['16%', '42%'], ['26%', '78%'], ['18%', '35%'], ['24%', '56%']];

/** Placeholder rows shaped like messages (spec: 5 while loading). */
export default function MessageSkeleton({ rows = 5 }) {
  return (
    <ol className="message-skeleton" aria-hidden="true">
      {WIDTHS.slice(0, rows).map(([name, line], index) => (
        <li key={index} className="message-skeleton__row">
          <Skeleton width={40} height={40} radius="50%" />
          <span className="message-skeleton__lines">
            <Skeleton width={name} height={12} />
            <Skeleton width={line} height={12} />
          </span>
        </li>
      ))}
    </ol>
  );
}
