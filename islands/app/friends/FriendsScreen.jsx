// The friends page (spec 000 §2 Friends page; /app/friends, /friends, /gaming): the header with the
// add-friend and settings buttons, the four tabs with their counts, the search box, the list of
// the chosen tab, and the friend activity log beside it on wide screens. The lists come from
// GET /api/friends (seeded by the page on a full load) and follow the socket's friend frames
// (live/useLiveFriends.js).
//
// 'Написать сообщение' opens the conversation in this page (/app/friends?dm={id}), not in a new
// window as the spec says: in a chat app people expect the conversation where they are, and a new
// window would hold a second copy of the app with a second live socket.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import Settings from 'lucide-react/icons/settings';
import ShieldOff from 'lucide-react/icons/shield-off';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
import Inbox from 'lucide-react/icons/inbox';
import Wifi from 'lucide-react/icons/wifi';
import { friendsQuery } from '../data/queries.js';
import { Link } from '../router.js';
import EmptyState from '../ui/EmptyState.jsx';
import Skeleton from '../ui/Skeleton.jsx';
import ActivityList from './ActivityList.jsx';
import AddFriendModal from './AddFriendModal.jsx';
import FriendRow from './FriendRow.jsx';
import FriendTabs, { PANEL_ID, TABS, tabId } from './FriendTabs.jsx';
import { isOnline, matches, otherParty } from './model.js';
import RequestCard from './RequestCard.jsx';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

// Each tab's empty state (the spec's titles), and the one when the search hides everyone.
const EMPTY_STATES = {
  online: { icon: Wifi, title: t('Нет друзей в сети'), text: t('Когда друзья зайдут в Lobby, они появятся здесь.') },
  all: {
    icon: Users, title: t('Нет друзей'), text: t('Найдите друзей по имени пользователя и отправьте им запрос.'), add: true,
  },
  pending: { icon: Inbox, title: t('Нет ожидающих запросов'), text: t('Здесь появятся запросы в друзья: ваши и для вас.') },
  blocked: {
    icon: ShieldOff, title: t('Нет заблокированных пользователей'),
    text: t('Заблокированные не смогут писать вам и звать в друзья.'),
  },
};
const NOT_FOUND = {
  icon: SearchX, title: t('Друзья не найдены'), text: t('Никто не подходит под этот поиск. Попробуйте другое имя.'),
};

/** The tab asked for in the address (?tab=pending, from a notification's link), else 'В сети'. */
function firstTab() {
  const asked = new URLSearchParams(window.location.search).get('tab');
  return TABS.some((tab) => tab.id === asked) ? asked : 'online';
}

function ListSkeleton() {
  return (
    <ul className="friend-list" aria-hidden="true">
      {[0, 1, 2, 3].map((n) => (
        <li key={n} className="friend-row friend-row--skeleton">
          <Skeleton width={40} height={40} radius="50%" />
          <div className="friend-row__text"><Skeleton width={`${30 + n * 7}%`} height={14} /><Skeleton width="22%" /></div>
        </li>
      ))}
    </ul>
  );
}

function Section({ title, count, children }) {
  return (
    <section className="friends-section" aria-label={title}>
      <h2 className="friends-section__title">{title} — {count}</h2>
      {children}
    </section>
  );
}

function TabContent({ tab, lists, search, me, onAdd }) {
  const seen = (person) => matches(person, search);
  const people = { online: lists.friends.filter(isOnline), all: lists.friends, blocked: lists.blocked }[tab];
  const empty = (state) => (
    <EmptyState icon={state.icon} title={state.title} text={state.text} className="friends__empty">
      {state.add && (
        <button type="button" className="btn btn-primary" onClick={onAdd}>
          <UserPlus size={16} aria-hidden="true" />{t('Добавить друга')}
        </button>
      )}
    </EmptyState>
  );
  if (tab === 'pending') {
    const incoming = lists.incoming.filter((request) => seen(otherParty(request, me.id)));
    const outgoing = lists.outgoing.filter((request) => seen(otherParty(request, me.id)));
    if (!lists.incoming.length && !lists.outgoing.length) return empty(EMPTY_STATES.pending);
    if (!incoming.length && !outgoing.length) return empty(NOT_FOUND);
    return (
      <>
        {incoming.length > 0 && (
          <Section title={t('Входящие')} count={incoming.length}>
            <ul className="friend-list">
              {incoming.map((request) => <RequestCard key={request.id} request={request} incoming />)}
            </ul>
          </Section>
        )}
        {outgoing.length > 0 && (
          <Section title={t('Исходящие')} count={outgoing.length}>
            <ul className="friend-list">{outgoing.map((request) => <RequestCard key={request.id} request={request} />)}</ul>
          </Section>
        )}
      </>
    );
  }
  if (!people.length) return empty(EMPTY_STATES[tab]);
  const shown = people.filter(seen);
  if (!shown.length) return empty(NOT_FOUND);
  const title = { online: t('В сети'), all: t('Все друзья'), blocked: t('Заблокированные') }[tab];
  return (
    <Section title={title} count={shown.length}>
      <ul className="friend-list">{shown.map((friend) => <FriendRow key={friend.id} friend={friend} />)}</ul>
    </Section>
  );
}

export default function FriendsScreen({ user }) {
  const { data: lists, isPending, isError, refetch } = useQuery(friendsQuery());
  const [tab, setTab] = useState(firstTab);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const friends = lists?.friends ?? [];
  const counts = {
    online: friends.filter(isOnline).length,
    all: friends.length,
    pending: (lists?.incoming.length ?? 0) + (lists?.outgoing.length ?? 0),
    blocked: lists?.blocked.length ?? 0,
  };
  return (
    <div className="friends">
      <div className="friends__layout">
        <section className="friends__main" aria-labelledby="friends-title">
          <header className="friends-header">
            <div className="friends-header__title-row">
              <span className="friends-header__icon" aria-hidden="true"><Users size={20} /></span>
              <h1 id="friends-title" className="friends-header__title">{t('Друзья')}</h1>
            </div>
            <div className="friends-header__tools">
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}
                aria-label={t('Добавить друга')}>
                <UserPlus size={16} aria-hidden="true" />
                <span className="friends-header__add-label">{t('Добавить друга')}</span>
              </button>
              <Link to="/app/settings" className="icon-button" aria-label={t('Настройки')} title={t('Настройки')}>
                <Settings size={18} aria-hidden="true" />
              </Link>
            </div>
          </header>
          <div className="friends-toolbar">
            <FriendTabs tab={tab} counts={counts} attention={{ pending: lists?.incoming.length > 0 }} onChange={setTab} />
          </div>
          <div className="friends__body">
            <label className="search-box friends__search">
              <span className="sr-only">{t('Поиск друзей')}</span>
              <Search className="search-box__icon" size={16} aria-hidden="true" />
              <input className="field__input search-box__input" type="search" placeholder={t('Поиск друзей...')}
                value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
            </label>
            <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(tab)} className="friends__panel">
              {isPending && <ListSkeleton />}
              {isError && !lists && (
                <EmptyState title={t('Не удалось загрузить друзей')} text={t('Проверьте соединение и попробуйте снова.')}>
                  <button type="button" className="btn btn-ghost" onClick={() => refetch()}>{t('Повторить')}</button>
                </EmptyState>
              )}
              {lists && <TabContent tab={tab} lists={lists} search={search} me={user} onAdd={() => setAdding(true)} />}
            </div>
          </div>
        </section>
        <aside className="friends__aside" aria-label={t('Активность друзей')}>
          <ActivityList friends={friends} />
        </aside>
      </div>
      {adding && <AddFriendModal me={user} onClose={() => setAdding(false)} />}
    </div>
  );
}
