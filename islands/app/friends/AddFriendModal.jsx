// The add-friend modal (spec 000 §2 Add-friend modal, §5 Friend search): find people by username
// (Enter or the button, at least 2 characters; GET /api/users/search), an optional message of at
// most 200 characters, and a request to one of them. Each result says where we stand: 'Добавить',
// 'Уже друг', 'Заблокирован', a request already sent, or theirs to accept. The friends cache
// counts too, so a result follows what happens meanwhile (a request accepted live).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import UserPlus from 'lucide-react/icons/user-plus';
import { get } from '../../lib/api.js';
import { friendsQuery } from '../data/queries.js';
import EmptyState from '../ui/EmptyState.jsx';
import Modal from '../ui/Modal.jsx';
import Skeleton from '../ui/Skeleton.jsx';
import { acceptRequest, sendRequest } from './actions.js';
import { EMPTY } from './model.js';
import PersonAvatar from './PersonAvatar.jsx';
import { friendToast, toastInto } from './toasts.js';
import { t } from '../../lib/i18n.js';
import PersonName from '../ui/PersonName.jsx';

const ModalToaster = lazy(() => import('./ModalToaster.jsx'));
const TOASTER = 'add-friend';

const MIN_QUERY = 2;
const MESSAGE_MAX = 200;

/** Where the viewer stands with a found person, from the result and the friends cache. */
function standing(person, lists) {
  if (person.isBlocked || lists.blocked.some((item) => item.id === person.id)) return 'blocked';
  if (person.isFriend || lists.friends.some((item) => item.id === person.id)) return 'friend';
  const theirs = lists.incoming.find((request) => request.fromUser.id === person.id);
  if (theirs) return theirs;
  if (person.hasPendingRequest || lists.outgoing.some((request) => request.toUser.id === person.id)) return 'sent';
  return 'none';
}

function ResultAction({ person, lists, busy, onAdd, onAccept }) {
  const stand = standing(person, lists);
  if (stand === 'blocked') return <button type="button" className="btn btn-ghost btn-sm" disabled>{t('Заблокирован')}</button>;
  if (stand === 'friend' || stand === 'sent') {
    const Icon = stand === 'friend' ? Check : Clock;
    return (
      <button type="button" className="btn btn-ghost btn-sm" disabled>
        <Icon size={16} aria-hidden="true" />{stand === 'friend' ? t('Уже друг') : t('Запрос отправлен')}
      </button>
    );
  }
  if (stand !== 'none') {
    return (
      <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => onAccept(stand)}>
        <Check size={16} aria-hidden="true" />{t('Принять')}
      </button>
    );
  }
  return (
    <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => onAdd(person)}
      aria-label={t('Добавить {name}', { name: person.username })}>
      <UserPlus size={16} aria-hidden="true" />{t('Добавить')}
    </button>
  );
}

export default function AddFriendModal({ me, onClose }) {
  const queryClient = useQueryClient();
  const { data: lists = EMPTY } = useQuery(friendsQuery());
  const [query, setQuery] = useState('');
  const [message, setMessage] = useState('');
  const [results, setResults] = useState(null); // null: nothing searched yet
  const [searching, setSearching] = useState(false);
  const [busyId, setBusyId] = useState(null);
  const input = useRef(null);
  const asked = useRef(0); // the latest search: an older answer arriving late is dropped
  useEffect(() => toastInto(TOASTER), []);

  const trimmed = query.trim();
  const runSearch = async () => {
    if (!trimmed) {
      setResults(null);
      return;
    }
    if (trimmed.length < MIN_QUERY) {
      friendToast.error(t('Слишком короткий запрос'), t('Введите минимум 2 символа для поиска'));
      return;
    }
    const ask = ++asked.current;
    setSearching(true);
    try {
      const answer = await get(`/api/users/search?${new URLSearchParams({ q: trimmed })}`);
      if (ask === asked.current) setResults((answer?.users ?? []).filter((person) => person.id !== me.id));
    } catch {
      if (ask === asked.current) friendToast.error(t('Ошибка поиска'), t('Не удалось найти пользователей'));
    } finally {
      if (ask === asked.current) setSearching(false);
    }
  };

  const add = async (person) => {
    setBusyId(person.id);
    const done = await sendRequest(queryClient, person.username, message.trim(), me.id);
    setBusyId(null);
    if (!done) return;
    setResults((found) => found?.map((item) => (item.id !== person.id ? item
      : { ...item, isFriend: done === 'friend', hasPendingRequest: done === 'sent' })));
    setMessage('');
  };

  const accept = async (friendRequest) => {
    setBusyId(friendRequest.fromUser.id);
    await acceptRequest(queryClient, friendRequest);
    setBusyId(null);
  };

  const clear = () => {
    asked.current += 1;
    setQuery('');
    setMessage('');
    setResults(null);
    setSearching(false);
    input.current?.focus();
  };

  const footer = (
    <>
      <button type="button" className="btn btn-ghost" onClick={clear}>{t('Очистить')}</button>
      <button type="button" className="btn" onClick={onClose}>{t('Закрыть')}</button>
    </>
  );

  return (
    <Modal title={t('Добавить друга')} subtitle={t('Найдите человека по имени пользователя и отправьте ему запрос')}
      onClose={onClose} footer={footer} className="add-friend" labelledBy="add-friend-title">
      <div className="add-friend__form" role="search">
        <div className="field">
          <label className="field__label" htmlFor="add-friend-query">{t('Имя пользователя')}</label>
          <span className="add-friend__search">
            <span className="search-box">
              <Search className="search-box__icon" size={16} aria-hidden="true" />
              <input ref={input} id="add-friend-query" className="field__input search-box__input" type="search" value={query}
                placeholder={t('Например, vera')} autoComplete="off" autoFocus spellCheck={false}
                onChange={(event) => {
                  setQuery(event.target.value);
                  if (!event.target.value.trim()) setResults(null); // spec: an empty query clears the results
                }}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  runSearch();
                }} />
            </span>
            <button type="button" className="btn btn-primary" disabled={trimmed.length < MIN_QUERY || searching}
              onClick={runSearch}>
              {t('Найти')}
            </button>
          </span>
        </div>
        <label className="field">
          <span className="field__label">{t('Сообщение')}<span className="field__optional">{t('необязательно')}</span></span>
          <textarea className="field__input field__textarea add-friend__message" value={message} maxLength={MESSAGE_MAX}
            rows={2} placeholder={t('Привет! Давай играть вместе')} onChange={(event) => setMessage(event.target.value)} />
          <span className="field__meta">
            <span className="field__hint">{t('Его увидят вместе с запросом')}</span>
            <span className={`field__counter${message.length >= MESSAGE_MAX ? ' is-over' : ''}`} aria-live="polite">
              {message.length}/{MESSAGE_MAX}
            </span>
          </span>
        </label>
      </div>
      <div className="add-friend__results" aria-live="polite" aria-busy={searching}>
        {searching && (
          <ul className="add-friend__list" aria-hidden="true">
            {[0, 1, 2].map((n) => (
              <li key={n} className="found-row">
                <Skeleton width={40} height={40} radius="50%" />
                <span className="found-row__text"><Skeleton width="40%" /><Skeleton width="25%" /></span>
              </li>
            ))}
          </ul>
        )}
        {!searching && results?.length === 0 && (
          <EmptyState icon={SearchX} title={t('Пользователи не найдены')} text={t('Попробуйте изменить поисковый запрос')} />
        )}
        {!searching && results?.length > 0 && (
          <ul className="add-friend__list">
            {results.map((person) => (
              <li key={person.id} className="found-row" data-username={person.username}>
                <PersonAvatar person={person} status={person.status} />
                <span className="found-row__text">
                  <PersonName person={person} className="friend-row__name truncate" />
                  <span className="friend-row__handle truncate">@{person.username}</span>
                </span>
                <ResultAction person={person} lists={lists} busy={busyId === person.id} onAdd={add} onAccept={accept} />
              </li>
            ))}
          </ul>
        )}
        {!searching && results === null && (
          <p className="add-friend__hint">{t('Введите не меньше двух символов имени пользователя и нажмите Enter.')}</p>
        )}
      </div>
      <Suspense fallback={null}><ModalToaster id={TOASTER} /></Suspense>
    </Modal>
  );
}
