// The friend activity log (spec 000 §3 Friend activity, GET /api/friends/activity): the newest
// status changes of friends, kept current by the socket's friend_activity frames.
import { useQuery } from '@tanstack/react-query';
import Activity from 'lucide-react/icons/activity';
import { friendActivityQuery } from '../data/queries.js';
import Skeleton from '../ui/Skeleton.jsx';
import { formatDateTime } from '../../lib/dateTime.js';
import { STATUS_LABEL, statusDot } from './model.js';
import PersonAvatar from './PersonAvatar.jsx';
import { t } from '../../lib/i18n.js';
import PersonName from '../ui/PersonName.jsx';

/** Today's changes by their clock alone; older ones with their date (the settings' formats). */
const when = (moment) => formatDateTime(moment, { date: new Date(moment).toDateString() !== new Date().toDateString() });

function what({ oldStatus, newStatus, customStatus }) {
  if (oldStatus !== newStatus) return `${STATUS_LABEL[oldStatus] ?? oldStatus} → ${STATUS_LABEL[newStatus] ?? newStatus}`;
  return customStatus ? t('Новый статус: «{status}»', { status: customStatus }) : t('Статус очищен');
}

function Entry({ entry, friend }) {
  const person = friend ?? { id: entry.friendId, username: t('Друг') };
  return (
    <li className="activity-entry">
      <PersonAvatar person={person} status={entry.data.newStatus} size={32} />
      <div className="activity-entry__text">
        <p className="activity-entry__head">
          <PersonName person={person} className="activity-entry__name truncate" />
          <time className="activity-entry__time" dateTime={entry.timestamp}>{when(entry.timestamp)}</time>
        </p>
        <p className="activity-entry__what">
          <span className={`status-dot status-dot--${statusDot(entry.data.newStatus)}`} aria-hidden="true" />
          <span className="truncate">{what(entry.data)}</span>
        </p>
      </div>
    </li>
  );
}

export default function ActivityList({ friends }) {
  const { data, isPending, isError } = useQuery({ ...friendActivityQuery(), select: (answer) => answer?.activities ?? [] });
  const byId = new Map(friends.map((friend) => [friend.id, friend]));
  return (
    <section className="friends-activity" aria-labelledby="friends-activity-title">
      <h2 id="friends-activity-title" className="friends-activity__title">
        <Activity size={16} aria-hidden="true" />{t('Активность друзей')}
      </h2>
      {isPending && (
        <ul className="friends-activity__list" aria-hidden="true">
          {[0, 1, 2].map((n) => (
            <li key={n} className="activity-entry">
              <Skeleton width={32} height={32} radius="50%" />
              <div className="activity-entry__text"><Skeleton width="60%" /><Skeleton width="80%" /></div>
            </li>
          ))}
        </ul>
      )}
      {isError && <p className="friends-activity__empty">{t('Не удалось загрузить активность')}</p>}
      {data && !data.length && (
        <div className="friends-activity__empty">
          <p className="friends-activity__empty-title">{t('Пока тихо')}</p>
          <p>{t('Здесь появятся изменения статусов ваших друзей.')}</p>
        </div>
      )}
      {data?.length > 0 && (
        <ul className="friends-activity__list">
          {data.map((entry) => <Entry key={entry.id} entry={entry} friend={byId.get(entry.friendId)} />)}
        </ul>
      )}
    </section>
  );
}
