// 'Личные сообщения' in the home view: the DM conversations, newest activity first, each with the
// person (initial, live status), the last message and the unread count; kept live by
// live/useLiveUnread.js (a new message moves its conversation to the top). A row opens
// /app/friends?dm={userId}. The field above the list finds a conversation by the person's name.
import Search from 'lucide-react/icons/search';
import { lazy, Suspense, useState } from 'react';
import { useUnread } from '../data/unread.js';
import Avatar from '../chat/Avatar.jsx';
import { callWords, isCallLine } from '../dms/callWords.js';
import { STATUS_LABELS, usePersonStatus } from '../dms/presence.js';
import { useDms } from '../dms/queries.js';
import { Link, useRoute } from '../router.js';
import { useShell } from '../store.js';
import Skeleton from '../ui/Skeleton.jsx';
import UnreadBadge from './UnreadBadge.jsx';
import { t } from '../../lib/i18n.js';
import { rich } from '../../lib/rich.jsx';
import { shellUserId } from '../palette/recent.js';
import { useContextMenu } from '../ui/useContextMenu.js';
import PersonName from '../ui/PersonName.jsx';

// The person's context menu on a row (right click, long press, Menu key, Shift+F10): loaded when first opened.
const PersonMenu = lazy(() => import('../members/PersonMenu.jsx'));

function preview(message, person) {
  if (!message) return t('Нет сообщений');
  const text = isCallLine(message) ? callWords(message.call)
    : message.content?.trim() || (message.attachments?.length ? t('Вложение') : '');
  return message.author?.id === person.id ? text : t('Вы: {text}', { text });
}

function DmRow({ conversation, active }) {
  const person = conversation.channel.recipient ?? { id: null, username: conversation.channel.name };
  const { status } = usePersonStatus(person);
  const loaded = useUnread((state) => state.loaded);
  const entry = useUnread((state) => state.channels[conversation.channel.id]);
  const closeDrawer = useShell((state) => state.closeDrawer);
  const unread = active ? 0 : (loaded ? entry?.unread ?? 0 : conversation.unread ?? 0);
  const menu = useContextMenu({ disabled: person.id == null });
  return (
    <li {...menu.bind}>
      <Link to={`/app/friends?dm=${person.id}`} onClick={closeDrawer}
        className={`dm-row${active ? ' is-active' : ''}${unread > 0 ? ' is-unread' : ''}`}
        aria-current={active ? 'page' : undefined}>
        <span className="dm-row__avatar">
          <Avatar author={person} size={32} />
          <span className={`presence-dot presence-dot--${status.toLowerCase()} dm-row__status`}
            title={STATUS_LABELS[status]} />
          <span className="sr-only">{STATUS_LABELS[status]}</span>
        </span>
        <span className="dm-row__text">
          <PersonName person={person} className="dm-row__name truncate" />
          <span className="dm-row__preview truncate">{preview(conversation.lastMessage, person)}</span>
        </span>
        {/* Everything in a DM is addressed to you: its count is the red one. */}
        <UnreadBadge mentions={unread} />
      </Link>
      {menu.wanted && (
        <Suspense fallback={null}><PersonMenu {...menu.props} person={person} myId={shellUserId()} /></Suspense>
      )}
    </li>
  );
}

/** The conversations with someone whose name (any of them) holds `query`, case aside. */
function matching(conversations, query) {
  const wanted = query.trim().toLocaleLowerCase();
  if (!wanted || !conversations) return conversations;
  return conversations.filter(({ channel }) => {
    const person = channel.recipient ?? {};
    return [person.displayName, person.username, `${person.firstName ?? ''} ${person.lastName ?? ''}`, channel.name]
      .some((name) => name && name.toLocaleLowerCase().includes(wanted));
  });
}

export default function DmList() {
  const { data: conversations, isPending, isError } = useDms();
  const route = useRoute();
  const activeUserId = route.name === 'friends' ? route.dm : null;
  const [query, setQuery] = useState('');
  const shown = matching(conversations, query);
  return (
    <section className="sidebar__section dm-list" aria-labelledby="dm-list-title">
      <div className="sidebar__heading">
        <h2 id="dm-list-title">{t('Личные сообщения')}</h2>
      </div>
      {isError && <p className="sidebar__note" role="alert">{t('Не удалось загрузить личные сообщения')}</p>}
      {conversations?.length > 0 && (
        <label className="dm-list__search">
          <Search size={14} aria-hidden="true" />
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)}
            placeholder={t('Найти беседу')} aria-label={t('Найти беседу')} autoComplete="off" spellCheck={false} />
        </label>
      )}
      <ul className="dm-list__items" aria-busy={isPending}>
        {isPending && [0, 1].map((n) => (
          <li key={n} className="dm-row dm-row--skeleton" aria-hidden="true">
            <Skeleton width={32} height={32} radius={16} />
            <span className="dm-row__text">
              <Skeleton width={`${55 - n * 15}%`} height={11} />
              <Skeleton width="80%" height={9} />
            </span>
          </li>
        ))}
        {shown?.map((conversation) => (
          <DmRow key={conversation.channel.id} conversation={conversation}
            active={activeUserId != null && conversation.channel.recipient?.id === activeUserId} />
        ))}
      </ul>
      {query.trim() && shown?.length === 0 && <p className="dm-list__empty" role="status">{t('Бесед не найдено')}</p>}
      {!isPending && !isError && conversations?.length === 0 && (
        <p className="dm-list__empty">
          {rich(t('Здесь появятся ваши переписки. Напишите другу со страницы {friends}.'), {
            friends: <Link to="/app/friends">{t('Друзья')}</Link>,
          })}
        </p>
      )}
    </section>
  );
}
