// One message (spec "Text chat view" → Message list). Stable markup for tests:
// <li class="message" data-message-id data-nonce> with .message__author, .message__content,
// .message__reply (the quote), .message__attachments (Attachments.jsx) and .reaction-chip
// ('{emoji} {count}', aria-pressed when own).
import Clock from 'lucide-react/icons/clock';
import CornerUpLeft from 'lucide-react/icons/corner-up-left';
import { lazy, memo, Suspense, useRef, useState } from 'react';
import { requestJump } from './jump.js';
import { setEditing, useChat } from './store.js';
import { reactedBy, toggleReaction } from './actions.js';
import Attachments from './Attachments.jsx';
import Avatar from './Avatar.jsx';
import PersonName, { usePersonName } from '../ui/PersonName.jsx';
import MessageActions from './MessageActions.jsx';
import MessageContent from './MessageContent.jsx';
import { mentionsMe } from './mentions.js';
import { clockTime, fullTime, messageTime } from './time.js';
import { EditBox } from './tools.js';
import { t } from '../../lib/i18n.js';
import { matchRoute } from '../router.js';
import { useContextMenu } from '../ui/useContextMenu.js';

// The message's and its author's context menus: loaded when one first opens.
const MessageMenu = lazy(() => import('./MessageMenu.jsx'));
const PersonMenu = lazy(() => import('../members/PersonMenu.jsx'));
// A link in the text and a picture keep the browser's own menu (open in a new tab, copy the image).
const keepNative = (event) => Boolean(event.target.closest?.('.message__content a[href], .message__attachments'));

// A tap on a touch screen shows the message's toolbar (there is no hover there).
const touch = (event) => event.nativeEvent.pointerType === 'touch' || window.matchMedia('(pointer: coarse)').matches;

function Quote({ message }) {
  if (message.replyDeleted && !message.replyTo) {
    return (
      <div className="message__reply is-deleted">
        <CornerUpLeft size={14} aria-hidden="true" className="message__reply-icon" />
        <span className="message__reply-text message__reply-content">{t('Исходное сообщение удалено')}</span>
      </div>
    );
  }
  if (!message.replyTo) return null;
  return (
    <div className="message__reply" role="button" tabIndex={0} title={t('Перейти к сообщению')}
      onClick={() => requestJump(message.channelId, message.replyTo.id)}
      onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && (event.preventDefault(), requestJump(message.channelId, message.replyTo.id))}>
      <CornerUpLeft size={14} aria-hidden="true" className="message__reply-icon" />
      <span className="message__reply-text">
        <PersonName person={message.replyTo.author} className="message__reply-author" />
        {' '}
        <span className="message__reply-content">{message.replyTo.content}</span>
      </span>
    </div>
  );
}

function Reactions({ message, me }) {
  if (!message.reactions?.length) return null;
  return (
    <div className="message__reactions">
      {message.reactions.map((reaction) => {
        const mine = reactedBy(reaction, me?.id);
        return (
          <button key={reaction.emoji} type="button" className={`reaction-chip${mine ? ' is-mine' : ''}`}
            aria-pressed={mine} disabled={message.pending}
            title={mine ? t('Убрать реакцию') : t('Поставить реакцию')}
            onClick={() => toggleReaction(message, reaction.emoji, me)}>
            <span className="reaction-chip__label">
              <span className="reaction-chip__emoji">{reaction.emoji}</span>
              {' '}
              <span className="reaction-chip__count">{reaction.count}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}

function MessageItem({ rowKey, message, grouped, me, canModerate, now, active, replying, onActivate, onReply }) {
  const pending = Boolean(message.pending);
  const editing = useChat((state) => message.id != null && state.editing === message.id);
  const [pickerOpen, setPickerOpen] = useState(false);
  const actions = useRef(null);
  const menu = useContextMenu({ keepNative, disabled: pending });
  const authorMenu = useContextMenu({ disabled: !message.author?.id });
  const mine = me != null && message.author?.id === me.id;
  const author = usePersonName(message.author, t('Неизвестный')); // one name everywhere (ui/person.js)
  const classes = ['message'];
  if (grouped) classes.push('message--grouped');
  if (pending) classes.push('is-pending');
  if (mine) classes.push('is-mine');
  if (editing) classes.push('is-editing');
  if (active || pickerOpen) classes.push('is-active');
  if (replying) classes.push('is-reply-target');
  if (message.replyTo || message.replyDeleted) classes.push('has-reply');
  if (mentionsMe(message, me)) classes.push('is-mentioned'); // the left bar and tint (chat.css)
  const content = (
    <MessageContent content={message.content} edited={message.editedAt ? fullTime(message.editedAt) : null}
      mentions={message.mentions} mentionsEveryone={message.mentionsEveryone} me={me} />
  );

  return (
    <li className={classes.join(' ')} data-key={rowKey} data-message-id={message.id ?? undefined} data-nonce={message.nonce ?? undefined}
      {...menu.bind} onClick={(event) => touch(event) && !event.target.closest('button, a, textarea, [role="button"]') && onActivate(message)}>
      <Quote message={message} />
      <div className="message__gutter">
        {grouped
          ? <time className="message__clock" dateTime={message.createdAt} title={fullTime(message.createdAt)}>{clockTime(message.createdAt)}</time>
          : <span className="message__avatar" {...authorMenu.bind}><Avatar author={message.author} /></span>}
      </div>
      <div className="message__body">
        {grouped
          ? <span className="message__author sr-only">{author}</span>
          : (
            <div className="message__meta">
              <span className="message__author" {...authorMenu.bind}>{author}</span>
              <time className="message__time" dateTime={message.createdAt} title={fullTime(message.createdAt)}>
                {messageTime(message.createdAt, now)}
              </time>
            </div>
          )}
        {/* Until the edit box's code is there (tools.js), the message stays as it was. */}
        {editing
          ? (
            <Suspense fallback={content}>
              <EditBox message={message} onDone={() => {
                setEditing(null);
                document.getElementById('composer')?.focus();
              }} />
            </Suspense>
          )
          : content}
        <Attachments files={message.attachments} channelId={message.channelId} />
        {pending && (
          <span className="message__status" title={message.state === 'queued' ? t('Отправится, когда связь вернётся') : undefined}>
            {message.state === 'queued' && <Clock size={12} aria-hidden="true" />}
            {t('отправка...')}
          </span>
        )}
        <Reactions message={message} me={me} />
      </div>
      {!pending && !editing && (
        <MessageActions ref={actions} message={message} me={me} canEdit={mine} canDelete={mine || canModerate}
          onReply={onReply} onEdit={() => setEditing(message.id)} onPickerChange={setPickerOpen} />
      )}
      {menu.wanted && !pending && !editing && (
        <Suspense fallback={null}>
          <MessageMenu {...menu.props} message={message} me={me} canEdit={mine} canDelete={mine || canModerate}
            onReact={() => actions.current?.openPicker()} onReply={onReply} onEdit={() => setEditing(message.id)} />
        </Suspense>
      )}
      {authorMenu.wanted && (
        <Suspense fallback={null}>
          <PersonMenu {...authorMenu.props} person={message.author} myId={me?.id}
            serverId={matchRoute(window.location.pathname).serverId ?? null} />
        </Suspense>
      )}
    </li>
  );
}

export default memo(MessageItem);
