// A notification's words, made when it is shown, in this page's language (issue 29): from its
// `type`, its `data` (the actor's name and the channel's, as they were then) and its actor as
// they are now (their display name, live: ui/person.js). The same Russian texts as the server's
// (lobby/notifications/words.py), so one catalogue entry translates both.
import { t } from '../../lib/i18n.js';
import { personName } from '../ui/person.js';

const WORDS = {
  FRIEND_REQUEST: (values) => t('{username} отправил(а) вам запрос в друзья', values),
  FRIEND_ACCEPTED: (values) => t('{username} принял(а) ваш запрос в друзья', values),
  MENTION: (values) => t('{username} упомянул(а) вас в #{channel}', values),
  REPLY: (values) => t('{username} ответил(а) на ваше сообщение в #{channel}', values),
  DM: (values) => t('{username} написал(а) вам личное сообщение', values),
  MISSED_CALL: (values) => t('Пропущенный звонок от {username}', values), // a DM call nobody answered
};

/** The actor's name: who they show as now, else as then, else a deleted account. */
export const actorName = (notification, actor = notification?.actor) => personName(actor)
  || notification?.data?.name || t('Удалённый пользователь');

/** `actor`: the notification's actor as they are now (`usePerson`), when the caller has them. */
export function notificationWords(notification, actor = notification?.actor) {
  const make = WORDS[notification?.type];
  if (!make) return notification?.text ?? ''; // a kind this page does not know yet: the server's words
  return make({ username: actorName(notification, actor), channel: notification.data?.channel ?? '' });
}
