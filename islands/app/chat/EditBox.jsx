// Inline editing of one's own message: Enter saves, Shift+Enter breaks the line, Escape cancels.
import { useLayoutEffect, useRef, useState } from 'react';
import { editMessage } from './actions.js';
import { t } from '../../lib/i18n.js';

export default function EditBox({ message, onDone }) {
  const [text, setText] = useState(message.content);
  const [saving, setSaving] = useState(false);
  const box = useRef(null);

  useLayoutEffect(() => {
    const el = box.current;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 300)}px`;
  }, [text]);

  useLayoutEffect(() => {
    const el = box.current;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: 'nearest' });
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  async function save() {
    const content = text.trim();
    if (!content || content === message.content) {
      onDone();
      return;
    }
    setSaving(true);
    const ok = await editMessage(message, content);
    setSaving(false);
    if (ok) onDone();
  }

  function onKeyDown(event) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onDone();
    }
  }

  return (
    <div className="message-edit">
      <textarea ref={box} className="message-edit__input" value={text} rows={1} disabled={saving}
        aria-label={t('Изменить сообщение')} onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} />
      <p className="message-edit__hint">
        Escape — <button type="button" className="link-button" onClick={onDone}>{t('отмена')}</button>
        {' • '}Enter — <button type="button" className="link-button" onClick={save} disabled={saving}>{t('сохранить')}</button>
      </p>
    </div>
  );
}
