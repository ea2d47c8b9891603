// The dialog behind askConfirm() and askText() (./confirm.js), shown by ConfirmHost. A native
// modal <dialog>, so focus stays inside and the page behind is inert; role="alertdialog" because it
// interrupts to ask. Escape, the backdrop and 'Отмена' answer no; Enter answers yes (it is a form).
// Focus starts on the field when there is one, else on the confirm button, and returns afterwards
// to where it was.
import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../lib/i18n.js';

export default function ConfirmDialog({ question }) {
  const { kind, title, message, label, confirmLabel, danger, typed, required, answer } = question;
  const dialog = useRef(null);
  const first = useRef(null);
  const [text, setText] = useState('');
  const id = useId();
  const asksText = kind === 'text';
  const hasField = asksText || typed != null;

  useEffect(() => {
    const element = dialog.current;
    const back = document.activeElement;
    if (!element.open) element.showModal();
    first.current?.focus();
    return () => {
      if (element.open) element.close();
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, []);

  const ready = asksText ? !required || text.trim() !== '' : typed == null || text === typed;
  const cancel = () => answer(asksText ? null : false);
  const submit = (event) => {
    event.preventDefault();
    if (ready) answer(asksText ? text.trim() : true);
  };

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={message ? `${id}-message` : undefined}
      className={`modal modal--sm confirm${danger ? ' confirm--danger' : ''}`}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
      onClick={(event) => event.target === dialog.current && cancel()}
    >
      <form className="modal__body" onSubmit={submit} noValidate>
        <div className="modal__content confirm__content">
          <h2 className="modal__title" id={`${id}-title`}>{title}</h2>
          {message && <p className="confirm__message" id={`${id}-message`}>{message}</p>}
          {hasField && (
            <label className="field confirm__field">
              <span className="field__label">
                {asksText ? label : t('Чтобы подтвердить, введите «{text}»', { text: typed })}
              </span>
              <input
                ref={first}
                className="field__input"
                value={text}
                onChange={(event) => setText(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                maxLength={asksText ? 500 : undefined}
                required={asksText ? required : true}
              />
            </label>
          )}
        </div>
        <footer className="modal__footer">
          <button type="button" className="btn btn-ghost" onClick={cancel}>{t('Отмена')}</button>
          <button
            ref={hasField ? undefined : first}
            type="submit"
            className={`btn ${danger ? 'confirm__danger' : 'btn-primary'}`}
            disabled={!ready}
          >
            {confirmLabel || t('Подтвердить')}
          </button>
        </footer>
      </form>
    </dialog>
  );
}
