// The message box (spec "Text chat view" → Composer): Enter sends, Shift+Enter breaks the line,
// Escape cancels a reply; it grows to 150 px; the counter turns red past 2000 (the server refuses
// such a message, and the text stays). Sending is optimistic (outbox.js).
import { Paperclip, SendHorizontal, Smile, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { sendMessage } from './outbox.js';
import { channelOf, setEditing, setRestore, useChat } from './store.js';
import useTypingSignal from './useTypingSignal.js';
import { useIsPhone } from '../ui/useMediaQuery.js';

const LIMIT = 2000;
const MAX_HEIGHT = 150;

export default function Composer({ channel, me, replyTo, onReply, onCancelReply }) {
  const [text, setText] = useState('');
  const box = useRef(null);
  const phone = useIsPhone();
  const { typed, stop } = useTypingSignal(channel.id);
  const restore = useChat((state) => state.restore);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
    el.style.overflowY = el.scrollHeight > MAX_HEIGHT ? 'auto' : 'hidden';
  }, [text]);

  useEffect(() => {
    if (!phone) box.current?.focus();
  }, [phone, channel.id]);

  useEffect(() => {
    if (replyTo) box.current?.focus();
  }, [replyTo]);

  // A send the server refused: its text comes back (unless something new was typed meanwhile).
  useEffect(() => {
    if (!restore || restore.channelId !== channel.id) return;
    setText((current) => (current.trim() ? current : restore.content));
    if (restore.replyTo && !replyTo) onReply(restore.replyTo);
    setRestore(null);
    box.current?.focus();
  }, [restore, channel.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const content = text.trim();
  const over = text.length > LIMIT;

  function submit() {
    if (!content) return;
    stop();
    sendMessage({
      channelId: channel.id,
      content,
      replyTo,
      author: me ? { id: me.id, username: me.username, profileImageUrl: me.profileImageUrl } : null,
    });
    setText('');
    onCancelReply();
    box.current?.focus();
  }

  function onKeyDown(event) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'ArrowUp' && !text && me) {
      const own = channelOf(useChat.getState(), channel.id).messages.filter((message) => message.author?.id === me.id);
      if (own.length) {
        event.preventDefault();
        setEditing(own[own.length - 1].id);
      }
    } else if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      onCancelReply();
    }
  }

  function onChange(event) {
    setText(event.target.value);
    if (event.target.value.trim()) typed();
    else stop();
  }

  return (
    <form className="composer" onSubmit={(event) => { event.preventDefault(); submit(); }}>
      {replyTo && (
        <div className="composer__reply">
          <span className="composer__reply-text">
            Ответ <strong>@{replyTo.author?.username}</strong>
          </span>
          <button type="button" className="icon-button icon-button--sm composer__reply-cancel" onClick={onCancelReply}
            aria-label="Отменить ответ" title="Отменить ответ (Escape)">
            <X size={14} aria-hidden="true" />
          </button>
        </div>
      )}
      <div className={`composer__box${replyTo ? ' has-reply' : ''}`}>
        <button type="button" className="icon-button composer__tool" disabled title="Вложения появятся скоро"
          aria-label="Вложения появятся скоро">
          <Paperclip size={18} aria-hidden="true" />
        </button>
        <label htmlFor="composer" className="sr-only">Сообщение в #{channel.name}</label>
        <textarea id="composer" ref={box} className="composer__input" rows={1} value={text}
          placeholder="Введите сообщение..." onChange={onChange} onKeyDown={onKeyDown} onBlur={stop}
          autoComplete="off" spellCheck="true" enterKeyHint="send" />
        <button type="button" className="icon-button composer__tool" aria-label="Эмодзи" title="Эмодзи"
          onClick={() => toast('Emoji picker coming soon')}>
          <Smile size={18} aria-hidden="true" />
        </button>
        <button type="submit" className="composer__send" disabled={!content} aria-label="Отправить" title="Отправить">
          <SendHorizontal size={18} aria-hidden="true" />
        </button>
      </div>
      <div className="composer__footer">
        <span className="composer__hint">Сообщение • Shift+Enter для новой строки</span>
        <span className={`composer__counter${over ? ' is-over' : ''}`} aria-live={over ? 'polite' : 'off'}>
          {text.length}/{LIMIT}
        </span>
      </div>
    </form>
  );
}
