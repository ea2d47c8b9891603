// The notifications panel: newest first, older pages as the list scrolls ('before=' paging), each
// row the actor's initial, the ready-made Russian text, when, and an unread dot; a click marks it
// read and opens its link in place. 'Прочитать все' reads them all (every tab follows over the
// socket). The offer to turn on browser notifications sits on top while the permission is unasked.
import BellOff from 'lucide-react/icons/bell-off';
import CheckCheck from 'lucide-react/icons/check-check';
import { useEffect, useRef } from 'react';
import { toast } from '../../lib/toast.js';
import { useNow, relativeTime, fullTime } from '../chat/time.js';
import EmptyState from '../ui/EmptyState.jsx';
import BrowserOffer from './BrowserOffer.jsx';
import NotificationItem from './NotificationItem.jsx';
import { openLink } from './openLink.js';
import { loadLatest, loadMore, markAllRead, markRead, useNotifications } from './store.js';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

function Skeleton({ rows = 3 }) {
  return (
    <ul className="notif-list" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="notif-skeleton">
          <span className="skeleton notif-skeleton__avatar" />
          <span className="notif-skeleton__lines">
            <span className="skeleton notif-skeleton__line" />
            <span className="skeleton notif-skeleton__line notif-skeleton__line--short" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Asks for the next page once its button scrolls into view (and on a click, for keyboards). */
function MoreButton({ scroller }) {
  const ref = useRef(null);
  const loadingMore = useNotifications((state) => state.loadingMore);
  useEffect(() => {
    const el = ref.current;
    if (!el || !('IntersectionObserver' in window)) return undefined;
    const watch = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadMore(),
      { root: scroller.current, rootMargin: '80px' });
    watch.observe(el);
    return () => watch.disconnect();
  }, [scroller]);
  return (
    <button ref={ref} type="button" className="notif-panel__more" onClick={loadMore} disabled={loadingMore}>
      {loadingMore ? t('Загрузка...') : t('Показать ещё')}
    </button>
  );
}

export default function NotificationsPanel({ id, onClose }) {
  const { items, unreadCount, loaded, failed, hasMore } = useNotifications();
  const now = useNow();
  const panel = useRef(null);
  const scroller = useRef(null);

  useEffect(() => {
    panel.current?.focus();
    loadLatest(); // the panel shows the server's latest, whatever the socket missed
  }, []);

  function open(notification) {
    if (!notification.isRead) markRead(notification.id);
    onClose();
    openLink(notification.link);
  }

  async function readAll() {
    try {
      await markAllRead();
    } catch (error) {
      toast.error(error?.message || t('Не удалось отметить уведомления'));
    }
  }

  let body;
  if (!loaded && failed) {
    body = (
      <EmptyState title={t('Не удалось загрузить уведомления')} text={t('Проверьте соединение и попробуйте снова.')}>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => loadLatest()}>{t('Повторить')}</button>
      </EmptyState>
    );
  } else if (!loaded) {
    body = <Skeleton />;
  } else if (!items.length) {
    body = (
      <EmptyState icon={BellOff} className="notif-panel__empty" title={t('Уведомлений пока нет')}
        text={t('Здесь появятся упоминания, ответы, личные сообщения и заявки в друзья.')} />
    );
  } else {
    body = (
      <>
        <ul className="notif-list">
          {items.map((notification) => (
            <NotificationItem key={notification.id} notification={notification}
              when={relativeTime(notification.createdAt, now)} fullWhen={fullTime(notification.createdAt)}
              onOpen={open} />
          ))}
        </ul>
        {hasMore && <MoreButton scroller={scroller} />}
      </>
    );
  }

  return (
    <section ref={panel} id={id} className="notif-panel" role="dialog" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <header className="notif-panel__header">
        <h2 id={`${id}-title`} className="notif-panel__title">{t('Уведомления')}</h2>
        <button type="button" className="btn btn-ghost btn-sm notif-panel__read-all" onClick={readAll}
          disabled={unreadCount === 0}>
          <CheckCheck size={16} aria-hidden="true" />
          {t('Прочитать все')}
        </button>
      </header>
      <BrowserOffer />
      <div ref={scroller} className="notif-panel__scroller">{body}</div>
    </section>
  );
}
