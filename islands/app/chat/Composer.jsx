// The message box (spec "Text chat view" → Composer): Enter sends, Shift+Enter breaks the line,
// Escape cancels a reply; it grows to 150 px; the counter turns red past 2000 (the server refuses
// such a message, and the text stays). Sending is optimistic (outbox.js). With files attached
// (picker, drag-and-drop onto the chat, or paste) the send is one multipart upload with a progress
// bar; the box is disabled meanwhile and, if it fails, the text and the files stay. '@' and a
// name open the mention autocomplete (useMentionSuggest.js); the emoji button puts an emoji at the
// caret (EmojiPickerButton.jsx).
import Paperclip from 'lucide-react/icons/paperclip';
import SendHorizontal from 'lucide-react/icons/send-horizontal';
import X from 'lucide-react/icons/x';
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import preloadable from '../../lib/preloadable.jsx';
import { toast } from '../../lib/toast.js';
import EmojiPickerButton from './EmojiPickerButton.jsx';
import { MAX_FILES, releaseFiles, takeFiles } from './files.js';
import { newNonce, sendMessage, sendWithFiles } from './outbox.js';
import { channelOf, setEditing, setRestore, useChat } from './store.js';
import { AttachPanel, PendingFiles, preloadTools, UploadProgress } from './tools.js';
import useMentionSuggest from './useMentionSuggest.js';
import useTypingSignal from './useTypingSignal.js';
import { useIsPhone } from '../ui/useMediaQuery.js';
import { t } from '../../lib/i18n.js';
import { personName } from '../ui/person.js';
import PersonName from '../ui/PersonName.jsx';
import { rich } from '../../lib/rich.jsx';

// The '@' list's code loads with the first '@' typed, not with the page. The list opens only once
// that code (which also ranks who to offer, see useMentionSuggest.js) is there.
const MentionList = preloadable(() => import('./MentionList.jsx'));

const LIMIT = 2000;
const MAX_HEIGHT = 150;

export default function Composer({ channel, me, replyTo, onReply, onCancelReply }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState([]);
  const [panelOpen, setPanelOpen] = useState(false);
  const [progress, setProgress] = useState(null); // 0..1 while an upload runs, else null
  const box = useRef(null);
  const form = useRef(null);
  const picker = useRef(null);
  const nonce = useRef(null); // kept across retries of one send with files, so it is stored once
  const held = useRef(files);
  held.current = files;
  const sending = progress != null;
  const phone = useIsPhone();
  const { typed, stop } = useTypingSignal(channel.id);
  const restore = useChat((state) => state.restore);
  const mentions = useMentionSuggest({ channel, me, text, setText, box });

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

  useEffect(() => () => releaseFiles(held.current), []); // previews die with the composer

  // Files dropped anywhere on the chat view come here.
  const take = useRef(null);
  useEffect(() => {
    const target = form.current?.closest('.chat') ?? form.current;
    if (!target) return undefined;
    const carriesFiles = (event) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
    const allow = (event) => { if (carriesFiles(event)) event.preventDefault(); };
    const drop = (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      take.current(Array.from(event.dataTransfer.files));
    };
    target.addEventListener('dragover', allow);
    target.addEventListener('drop', drop);
    return () => {
      target.removeEventListener('dragover', allow);
      target.removeEventListener('drop', drop);
    };
  }, []);

  const content = text.trim();
  const over = text.length > LIMIT;

  function addFiles(incoming) {
    if (sending || !incoming.length) return;
    const { added, problems } = takeFiles(held.current, incoming);
    problems.forEach((problem) => toast.error(problem));
    if (!added.length) return;
    nonce.current = null;
    setFiles((current) => [...current, ...added]);
  }

  take.current = addFiles;

  function removeFile(id) {
    nonce.current = null;
    setFiles((current) => {
      releaseFiles(current.filter((entry) => entry.id === id));
      return current.filter((entry) => entry.id !== id);
    });
  }

  async function submitWithFiles() {
    if (over) {
      toast.error(t('Ошибка отправки сообщения'), {
        description: t('Сообщение слишком длинное (максимум {max} символов)', { max: LIMIT }),
      });
      return;
    }
    stop();
    nonce.current ??= newNonce();
    setProgress(0);
    try {
      await sendWithFiles({
        channelId: channel.id, content, replyTo, files: files.map((entry) => entry.file), nonce: nonce.current,
        onProgress: setProgress,
      });
      nonce.current = null;
      releaseFiles(files);
      setFiles([]);
      setPanelOpen(false);
      setText('');
      onCancelReply();
    } catch {
      // the toast is shown; the text, the reply and the files stay for another try
    } finally {
      setProgress(null);
    }
  }

  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending) box.current?.focus(); // the box was disabled meanwhile
    wasSending.current = sending;
  }, [sending]);

  function submit() {
    if (sending) return;
    if (files.length) {
      submitWithFiles();
      return;
    }
    if (!content) return;
    stop();
    sendMessage({
      channelId: channel.id,
      content,
      replyTo,
      author: me ? { id: me.id, username: me.username, displayName: personName(me), profileImageUrl: me.profileImageUrl } : null,
    });
    setText('');
    onCancelReply();
    box.current?.focus();
  }

  function onKeyDown(event) {
    if (mentions.onKeyDown(event)) return;
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
    nonce.current = null;
    setText(event.target.value);
    mentions.follow(event.target.value, event.target.selectionStart);
    if (event.target.value.includes('@')) MentionList.preload().catch(() => {});
    if (event.target.value.trim()) typed();
    else stop();
  }

  return (
    <form ref={form} className={`composer${sending ? ' is-sending' : ''}`}
      onSubmit={(event) => { event.preventDefault(); submit(); }}>
      {panelOpen && (
        <Suspense fallback={null}><AttachPanel onPick={() => picker.current?.click()} disabled={sending} /></Suspense>
      )}
      {/* Their code comes with the tools (tools.js): only asked for once there is something to show. */}
      {files.length > 0 && (
        <Suspense fallback={null}><PendingFiles files={files} onRemove={removeFile} disabled={sending} /></Suspense>
      )}
      {sending && <Suspense fallback={null}><UploadProgress value={progress} /></Suspense>}
      {replyTo && (
        <div className="composer__reply">
          <span className="composer__reply-text">
            {/* The spec's 'Ответ @user', the name in bold: the person's one name (ui/person.js). */}
            {rich(t('Ответ {name}'), { name: <strong><PersonName person={replyTo.author} /></strong> })}
          </span>
          <button type="button" className="icon-button icon-button--sm composer__reply-cancel" onClick={onCancelReply}
            aria-label={t('Отменить ответ')} title={t('Отменить ответ (Escape)')}>
            <X size={14} aria-hidden="true" />
          </button>
        </div>
      )}
      {mentions.open && <Suspense fallback={null}><MentionList mentions={mentions} /></Suspense>}
      <div className={`composer__box${replyTo ? ' has-reply' : ''}`}>
        <button type="button" className={`icon-button composer__tool${panelOpen ? ' is-active' : ''}`}
          aria-label={t('Прикрепить файлы')} title={t('Прикрепить файлы')} aria-expanded={panelOpen} disabled={sending}
          onPointerEnter={preloadTools} onFocus={preloadTools} onClick={() => setPanelOpen((open) => !open)}>
          <Paperclip size={18} aria-hidden="true" />
        </button>
        <input ref={picker} type="file" multiple hidden className="composer__file-input" tabIndex={-1}
          onChange={(event) => { addFiles(Array.from(event.target.files ?? [])); event.target.value = ''; }} />
        <label htmlFor="composer" className="sr-only">{t('Сообщение в #{name}', { name: channel.name })}</label>
        <textarea id="composer" ref={box} className="composer__input" rows={1} value={text}
          placeholder={t('Введите сообщение...')} onChange={onChange} onKeyDown={onKeyDown} disabled={sending}
          onBlur={() => { stop(); mentions.follow(text, null); }}
          onSelect={(event) => mentions.follow(event.currentTarget.value, event.currentTarget.selectionStart)}
          aria-autocomplete="list" aria-controls={mentions.open ? mentions.listId : undefined}
          aria-activedescendant={mentions.open ? mentions.optionId(mentions.active) : undefined}
          onPaste={(event) => {
            const pasted = Array.from(event.clipboardData?.files ?? []);
            if (pasted.length) { event.preventDefault(); addFiles(pasted); }
          }}
          autoComplete="off" enterKeyHint="send" />
        <EmojiPickerButton box={box} disabled={sending}
          onInsert={(value) => { nonce.current = null; setText(value); typed(); }} />
        <button type="submit" className="composer__send" disabled={sending || (!content && !files.length)}
          aria-label={t('Отправить')} title={t('Отправить')}>
          <SendHorizontal size={18} aria-hidden="true" />
        </button>
      </div>
      <div className="composer__footer">
        <span className="composer__hint">{t('Сообщение • Shift+Enter для новой строки')}</span>
        <span className="composer__counts">
          {files.length > 0 && (
            <span className="composer__file-count" title={t('Прикреплено файлов')}>
              <Paperclip size={12} aria-hidden="true" /> {files.length}/{MAX_FILES}
            </span>
          )}
          <span className={`composer__counter${over ? ' is-over' : ''}`} aria-live={over ? 'polite' : 'off'}>
            {text.length}/{LIMIT}
          </span>
        </span>
      </div>
    </form>
  );
}
