// The hover toolbar of a message: react, reply, and — for the author — edit; delete for the
// author and for the server's owner and moderators; report someone else's message on a server;
// copy its id in developer mode.
import Flag from 'lucide-react/icons/flag';
import IdCard from 'lucide-react/icons/id-card';
import Pencil from 'lucide-react/icons/pencil';
import Reply from 'lucide-react/icons/reply';
import SmilePlus from 'lucide-react/icons/face-slightly-smiling-plus';
import Trash2 from 'lucide-react/icons/trash';
import { forwardRef, Suspense, useCallback, useImperativeHandle, useRef, useState } from 'react';
import { deleteMessage, toggleReaction } from './actions.js';
import { preloadTools, ReactionPicker } from './tools.js';
import { post } from '../../lib/api.js';
import { copyId } from '../../lib/clipboard.js';
import { toast } from '../../lib/toast.js';
import { matchRoute } from '../router.js';
import { askText } from '../ui/confirm.js';
import { useDeveloperMode } from '../ui/useDeveloperMode.js';
import { t } from '../../lib/i18n.js';

/** Someone else's message on a server (not in a DM): the person may report it. */
export const canReport = (message, me) => me?.id != null && message.author?.id !== me.id
  && matchRoute(window.location.pathname).serverId != null;

/** Ask why, then send the report to the server's moderators (once per message). */
export async function reportMessage(message) {
  const reason = await askText({ title: t('Пожаловаться на сообщение'), label: t('Причина жалобы'),
    message: t('Жалобу увидят модераторы сервера.'), confirmLabel: t('Отправить жалобу'), required: true });
  if (!reason) return;
  try {
    await post(`/api/messages/${message.id}/report`, { reason });
    toast.success(t('Жалоба отправлена модераторам'));
  } catch (error) {
    toast.error(t('Не удалось отправить жалобу'), { description: error?.message || undefined });
  }
}

// The message's context menu (MessageMenu.jsx) opens the picker here too: `ref.current.openPicker()`.
function MessageActions({ message, me, canEdit, canDelete, onReply, onEdit, onPickerChange }, ref) {
  const [picker, setPicker] = useState(null); // null, 'above' or 'below'
  const toggle = useRef(null);
  const developer = useDeveloperMode();

  const close = useCallback((refocus) => {
    setPicker(null);
    onPickerChange?.(false);
    if (refocus) toggle.current?.focus();
  }, [onPickerChange]);

  function openPicker() {
    if (picker) {
      close();
      return;
    }
    const rect = toggle.current.getBoundingClientRect();
    const list = toggle.current.closest('.message-scroller')?.getBoundingClientRect();
    const below = !list || rect.top - list.top < list.height / 2;
    setPicker(below ? 'below' : 'above');
    onPickerChange?.(true);
  }

  useImperativeHandle(ref, () => ({ openPicker: () => !picker && openPicker() }));

  return (
    <div className="message__actions" role="toolbar" aria-label={t('Действия с сообщением')}
      onPointerEnter={preloadTools} onFocus={preloadTools}>
      <button ref={toggle} type="button" className="message__action" aria-expanded={Boolean(picker)}
        aria-label={t('Добавить реакцию')} title={t('Добавить реакцию')} onClick={openPicker}>
        <SmilePlus size={18} aria-hidden="true" />
      </button>
      <button type="button" className="message__action" aria-label={t('Ответить')} title={t('Ответить')}
        onClick={() => onReply(message)}>
        <Reply size={18} aria-hidden="true" />
      </button>
      {canEdit && (
        <button type="button" className="message__action" aria-label={t('Изменить')} title={t('Изменить')} onClick={onEdit}>
          <Pencil size={16} aria-hidden="true" />
        </button>
      )}
      {canReport(message, me) && (
        <button type="button" className="message__action" aria-label={t('Пожаловаться')} title={t('Пожаловаться')}
          onClick={() => reportMessage(message)}>
          <Flag size={16} aria-hidden="true" />
        </button>
      )}
      {developer && (
        <button type="button" className="message__action" aria-label={t('Копировать ID')} title={t('Копировать ID')}
          onClick={() => copyId(message.id)}>
          <IdCard size={16} aria-hidden="true" />
        </button>
      )}
      {canDelete && (
        <button type="button" className="message__action message__action--danger" aria-label={t('Удалить')} title={t('Удалить')}
          onClick={() => deleteMessage(message)}>
          <Trash2 size={16} aria-hidden="true" />
        </button>
      )}
      {picker && (
        <Suspense fallback={null}>
          <ReactionPicker anchor={toggle} placement={picker} onClose={close}
            onPick={(emoji) => {
              toggleReaction(message, emoji, me);
              close(true);
            }} />
        </Suspense>
      )}
    </div>
  );
}

export default forwardRef(MessageActions);
