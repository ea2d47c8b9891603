/** A grey placeholder block shaped like the content that is loading. */
export default function Skeleton({ width, height = 12, radius, className = '', style }) {
  return (
    <span className={`skeleton ${className}`} aria-hidden="true"
      style={{ width, height, borderRadius: radius, ...style }} />
  );
}
