// The hover toolbar of a message: react, reply, and — for the author — edit; delete for the
// author and for the server's owner and moderators.
import Pencil from 'lucide-react/icons/pencil';
import Reply from 'lucide-react/icons/reply';
import SmilePlus from 'lucide-react/icons/face-slightly-smiling-plus';
import Trash2 from 'lucide-react/icons/trash';
import { Suspense, useCallback, useRef, useState } from 'react';
import { deleteMessage, toggleReaction } from './actions.js';
import { preloadTools, ReactionPicker } from './tools.js';
import { t } from '../../lib/i18n.js';

export default function MessageActions({ message, me, canEdit, canDelete, onReply, onEdit, onPickerChange }) {
  const [picker, setPicker] = useState(null); // null, 'above' or 'below'
  const toggle = useRef(null);

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
