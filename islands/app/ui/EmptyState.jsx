// The spec's empty states: an icon, a short title, a line of help and the action, if any.
export default function EmptyState({ icon: Icon, title, text, children, className = '' }) {
  return (
    <div className={`empty-state ${className}`}>
      {Icon && (
        <span className="empty-state__icon" aria-hidden="true"><Icon size={24} /></span>
      )}
      <p className="empty-state__title">{title}</p>
      {text && <p className="empty-state__text">{text}</p>}
      {children && <div className="empty-state__actions">{children}</div>}
    </div>
  );
}
