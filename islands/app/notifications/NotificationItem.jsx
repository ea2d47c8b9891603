// One notification: who (their face), its words made now in this page's language (words.js), when,
// and the unread dot. The whole row is one button: it marks the notification read and opens its link.
import Bell from 'lucide-react/icons/bell';
import Avatar from '../chat/Avatar.jsx';
import { usePerson } from '../ui/person.js';
import { notificationWords } from './words.js';
import { t } from '../../lib/i18n.js';

export default function NotificationItem({ notification, when, fullWhen, onOpen }) {
  const unread = !notification.isRead;
  const actor = usePerson(notification.actor);
  return (
    <li>
      <button type="button" className={`notif-item${unread ? ' is-unread' : ''}`} data-notification-id={notification.id}
        onClick={() => onOpen(notification)}>
        {actor
          ? <Avatar author={actor} size={36} />
          : <span className="notif-item__icon" aria-hidden="true"><Bell size={18} /></span>}
        <span className="notif-item__body">
          <span className="notif-item__text">{notificationWords(notification, actor)}</span>
          <time className="notif-item__time" dateTime={notification.createdAt} title={fullWhen}>{when}</time>
        </span>
        {unread && <span className="notif-item__dot"><span className="sr-only">{t('Не прочитано')}</span></span>}
      </button>
    </li>
  );
}
