// One notification: who (their picture or initial), the server's ready-made text, when, and the
// unread dot. The whole row is one button: it marks the notification read and opens its link.
import Bell from 'lucide-react/icons/bell';
import Avatar from '../chat/Avatar.jsx';
import { t } from '../../lib/i18n.js';

export default function NotificationItem({ notification, when, fullWhen, onOpen }) {
  const unread = !notification.isRead;
  return (
    <li>
      <button type="button" className={`notif-item${unread ? ' is-unread' : ''}`} data-notification-id={notification.id}
        onClick={() => onOpen(notification)}>
        {notification.actor
          ? <Avatar author={notification.actor} size={36} />
          : <span className="notif-item__icon" aria-hidden="true"><Bell size={18} /></span>}
        <span className="notif-item__body">
          <span className="notif-item__text">{notification.text}</span>
          <time className="notif-item__time" dateTime={notification.createdAt} title={fullWhen}>{when}</time>
        </span>
        {unread && <span className="notif-item__dot"><span className="sr-only">{t('Не прочитано')}</span></span>}
      </button>
    </li>
  );
}
