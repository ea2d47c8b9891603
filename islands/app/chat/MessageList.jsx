// The message list (spec "Text chat view"): 5 placeholder rows while loading, the empty state,
// day dividers, grouped messages, older history loaded when scrolled near the top, and the view
// kept at the newest message — smoothly — unless the person scrolled up, when a pill offers the
// new messages instead. The 'Новые сообщения' divider and marking read: ./readMarker.js. A window
// of the past (a message opened far back, ./pastWindow.js) is shown centred on that message; it
// grows downward as the person scrolls, and 'К последним сообщениям' goes back to the present.
import ArrowDown from 'lucide-react/icons/arrow-down';
import AtSign from 'lucide-react/icons/at-sign';
import Hash from 'lucide-react/icons/hash';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import EmptyState from '../ui/EmptyState.jsx';
import MessageItem from './MessageItem.jsx';
import CallLine from '../dms/CallLine.jsx';
import MessageSkeleton from './MessageSkeleton.jsx';
import { jumpToPresent, loadNewer } from './jump.js';
import { buildRows } from './rows.js';
import useReadMarker from './readMarker.js';
import { channelOf, useChat } from './store.js';
import { loadOlder, syncChannel } from './sync.js';
import { useNow } from './time.js';
import SpokenMessages from './SpokenMessages.jsx';
import useMessageKeys from './useMessageKeys.js';
import { useHtmlClass } from '../ui/useHtmlClass.js';
import { usePersonName } from '../ui/PersonName.jsx';
import { motionOff } from '../../lib/motion.js';
import { t } from '../../lib/i18n.js';

const NEAR_BOTTOM = 80; // px: closer than this counts as "at the newest message"
const NEAR_TOP = 400; // px: closer than this loads the older page
const NO_PENDING = [];

/** Scroll `el` so the message `id` sits in the middle of it. */
function centre(el, id) {
  const row = el.querySelector(`li.message[data-message-id="${id}"]`);
  if (!row) return;
  const box = row.getBoundingClientRect();
  el.scrollTop += box.top - el.getBoundingClientRect().top - (el.clientHeight - box.height) / 2;
}

export default function MessageList({ channel, me, canModerate, replyingId, onReply }) {
  const channelId = channel.id;
  const state = useChat((store) => channelOf(store, channelId));
  const allPending = useChat((store) => store.pending);
  const pending = useMemo(() => {
    const mine = allPending.filter((item) => item.channelId === channelId);
    return mine.length ? mine : NO_PENDING;
  }, [allPending, channelId]);
  const now = useNow();
  const scroller = useRef(null);
  const newestId = state.messages.length ? state.messages[state.messages.length - 1].id : null;
  const { unreadAfter, check: checkRead } = useReadMarker(channel, scroller, newestId);
  const meId = me?.id ?? null;
  const spoken = useHtmlClass('screen-reader'); // short announcements instead of the log's own
  const keys = useMessageKeys(scroller);
  const rows = useMemo(() => buildRows([...state.messages, ...pending], now, { unreadAfter, meId }),
    [state.messages, pending, now, unreadAfter, meId]);
  const [activeKey, setActiveKey] = useState(null);
  const [unseen, setUnseen] = useState(0);
  const dm = channel.type === 'DM';
  const recipient = usePersonName(channel.recipient, channel.name);
  const title = dm ? recipient : `#${channel.name}`;

  const content = useRef(null);
  const stick = useRef(true); // the person has not scrolled up away from the newest message
  const shown = useRef(false); // the first page is on screen (scrolled to the bottom once)
  const last = useRef({ first: null, last: null, top: 0, anchorKey: null, anchorTop: 0, windowSeq: state.windowSeq,
    detached: state.hasNewer });

  const toBottom = useCallback((smooth) => {
    const el = scroller.current;
    if (!el) return;
    stick.current = true;
    setUnseen(0);
    el.scrollTo({ top: el.scrollHeight, behavior: smooth && !motionOff() ? 'smooth' : 'auto' });
  }, []);

  // Where the view is: its scrollTop, and the first message's offset — content inserted above that
  // message (an older page, the skeleton while it loads) moves the view by exactly its height.
  const remember = () => {
    const el = scroller.current;
    if (!el) return;
    const anchor = content.current?.querySelector('li.message');
    Object.assign(last.current, { top: el.scrollTop, anchorKey: anchor?.dataset.key, anchorTop: anchor?.offsetTop ?? 0 });
  };

  const keepPlace = () => {
    const el = scroller.current;
    const { anchorKey, anchorTop, top } = last.current;
    if (!el || !anchorKey) return;
    const anchor = [...(content.current?.querySelectorAll('li.message') ?? [])].find((li) => li.dataset.key === anchorKey);
    if (anchor && anchor.offsetTop !== anchorTop) el.scrollTop = top + (anchor.offsetTop - anchorTop);
  };

  const maybeLoadOlder = useCallback(() => {
    const el = scroller.current;
    const current = channelOf(useChat.getState(), channelId);
    if (!el || !shown.current || !current.hasMore || current.olderLoading || current.olderFailed) return;
    if (el.scrollTop < NEAR_TOP) loadOlder(channelId);
  }, [channelId]);

  function onScroll() {
    const el = scroller.current;
    const fromBottom = el.scrollHeight - el.scrollTop - el.clientHeight;
    if (channelOf(useChat.getState(), channelId).hasNewer) {
      if (fromBottom < NEAR_TOP) loadNewer(channelId); // a window of the past: its bottom is not the newest
    } else if (fromBottom < NEAR_BOTTOM) {
      stick.current = true;
      if (unseen) setUnseen(0);
    } else if (el.scrollTop < last.current.top - 2) {
      stick.current = false; // moved up: the person reads history
    }
    remember();
    maybeLoadOlder();
    checkRead();
  }

  // After every change of the rows: keep the place when older messages came in above, follow new
  // messages when at the bottom (or when they are one's own), else count them for the pill.
  useLayoutEffect(() => {
    const el = scroller.current;
    const messages = rows.filter((row) => row.kind === 'message' || row.kind === 'call');
    const first = messages[0]?.key ?? null;
    const newest = messages[messages.length - 1];
    const before = last.current;
    const replaced = state.windowSeq !== before.windowSeq; // a window of the past, or the present again
    if (el && messages.length) {
      if (replaced && state.anchor != null) {
        shown.current = true;
        stick.current = false;
        setUnseen(0);
        centre(el, state.anchor);
      } else if (!shown.current || replaced) {
        el.scrollTop = el.scrollHeight;
        shown.current = true;
        stick.current = true;
        setUnseen(0);
      } else if (before.first && first !== before.first && messages.some((row) => row.key === before.first)
        && newest.key === before.last) {
        keepPlace(); // an older page came in above
      } else if (newest.key !== before.last && before.detached) {
        keepPlace(); // the next page of a window of the past came in below
      } else if (newest.key !== before.last) {
        const added = messages.length - messages.findIndex((row) => row.key === before.last) - 1;
        const own = newest.message.pending || (me && newest.message.author?.id === me.id);
        if (stick.current || own) toBottom(true);
        else setUnseen((count) => count + Math.max(1, added));
      } else if (stick.current) {
        el.scrollTop = el.scrollHeight;
      } else {
        keepPlace();
      }
    }
    last.current.first = first;
    last.current.last = newest?.key ?? null;
    last.current.windowSeq = state.windowSeq;
    last.current.detached = state.hasNewer;
    remember();
    checkRead();
  }, [rows]); // eslint-disable-line react-hooks/exhaustive-deps

  // Sizes that change without new rows (the composer grows, an image loads, a reaction wraps):
  // stay at the bottom if that is where the person is.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (stick.current && shown.current) el.scrollTop = el.scrollHeight;
      else keepPlace();
      remember();
    });
    observer.observe(el);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, [state.status, rows.length > 0]); // eslint-disable-line react-hooks/exhaustive-deps

  // A short first page leaves no room to scroll: load older ones until it fills the view.
  useEffect(() => {
    const el = scroller.current;
    if (el && shown.current && state.hasMore && el.scrollHeight <= el.clientHeight + NEAR_TOP) maybeLoadOlder();
    if (el && shown.current && state.hasNewer && el.scrollHeight <= el.clientHeight + NEAR_TOP) loadNewer(channelId);
  }, [state.messages.length, state.hasMore, state.hasNewer, maybeLoadOlder, channelId]);

  // Sending from a window of the past: the message goes to the present, and so does the view.
  const sending = useRef(pending.length);
  useEffect(() => {
    if (pending.length > sending.current && channelOf(useChat.getState(), channelId).hasNewer) jumpToPresent(channelId);
    sending.current = pending.length;
  }, [pending.length, channelId]);

  const reply = useCallback((message) => {
    setActiveKey(null);
    onReply(message);
  }, [onReply]);

  const onActivate = useCallback((message) => setActiveKey((key) => {
    const next = message.nonce ? `n:${message.nonce}` : `i:${message.id}`;
    return key === next ? null : next;
  }), []);

  const loading = !state.messages.length && !pending.length && (state.status === 'loading' || state.status === 'idle');
  const failed = !state.messages.length && !pending.length && state.status === 'error';
  const empty = !state.messages.length && !pending.length && state.status === 'ready';

  return (
    <div className="message-pane">
      {spoken && <SpokenMessages channelId={channelId} meId={meId} />}
      <div ref={scroller} className="message-scroller" onScroll={onScroll} onKeyDown={keys} role="log" tabIndex={0}
        aria-live={spoken ? 'off' : 'polite'}
        aria-relevant="additions" aria-label={dm ? t('Сообщения с {name}', { name: title }) : t('Сообщения в {name}', { name: title })} aria-busy={loading}>
        {loading && <div className="message-scroller__fill"><MessageSkeleton /></div>}
        {failed && (
          <div className="message-scroller__fill message-scroller__center">
            <EmptyState icon={MessageSquareText} title={t('Не удалось загрузить сообщения')} text={state.error}>
              <button type="button" className="btn btn-ghost" onClick={() => syncChannel(channelId)}>{t('Повторить')}</button>
            </EmptyState>
          </div>
        )}
        {empty && (
          <div className="message-scroller__fill message-scroller__center">
            <EmptyState icon={dm ? AtSign : Hash} title={t('Начните общение!')}
              text={dm ? t('Это начало вашей переписки с {name}.', { name: title }) : t('Это начало ваших эпических приключений в этом канале.')}
              className="chat-empty" />
          </div>
        )}
        {rows.length > 0 && (
          <div ref={content} className="message-scroller__content">
            {!state.hasMore && !loading && (
              <div className="channel-start">
                <span className="channel-start__icon" aria-hidden="true">{dm ? <AtSign size={28} /> : <Hash size={28} />}</span>
                <h2 className="channel-start__title">{dm ? title : t('Добро пожаловать в {name}!', { name: title })}</h2>
                <p className="channel-start__text">
                  {dm ? t('Это начало вашей личной переписки с {name}.', { name: title }) : t('Это начало канала {name}.', { name: title })}
                </p>
              </div>
            )}
            {state.olderLoading && <MessageSkeleton rows={3} />}
            {state.olderFailed && (
              <p className="message-scroller__older-failed">
                {t('Не удалось загрузить историю.')}{' '}
                <button type="button" className="link-button" onClick={() => loadOlder(channelId)}>{t('Повторить')}</button>
              </p>
            )}
            <ol className="message-list">
              {rows.map((row) => {
                if (row.kind === 'divider') {
                  return (
                    <li key={row.key} className="message-divider">{/* a list holds list items only: the role is inside */}
                      <span role="separator" aria-label={row.label}>{row.label}</span>
                    </li>
                  );
                }
                if (row.kind === 'unread') {
                  return (
                    <li key={row.key} className="unread-divider">
                      <span className="unread-divider__label" role="separator" aria-label={t('Новые сообщения')}>
                        {t('Новые сообщения')}
                      </span>
                    </li>
                  );
                }
                if (row.kind === 'call') return <CallLine key={row.key} rowKey={row.key} message={row.message} now={now} />;
                return (
                  <MessageItem key={row.key} rowKey={row.key} message={row.message} grouped={row.grouped} me={me} now={now}
                    canModerate={canModerate} active={activeKey === row.key} onActivate={onActivate}
                    replying={replyingId != null && row.message.id === replyingId}
                    onReply={reply} />
                );
              })}
            </ol>
          </div>
        )}
      </div>
      {state.hasNewer && (
        <button type="button" className="new-messages-pill" onClick={() => jumpToPresent(channelId)}>
          {t('К последним сообщениям')}
          <ArrowDown size={14} aria-hidden="true" />
        </button>
      )}
      {unseen > 0 && !state.hasNewer && (
        <button type="button" className="new-messages-pill" onClick={() => toBottom(true)}>
          {t('Новые сообщения')}
          <span className="new-messages-pill__count">{unseen}</span>
          <ArrowDown size={14} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
