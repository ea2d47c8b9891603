// The one modal of the app (spec: sizes sm, md, lg; closes on Escape): a native <dialog> opened
// modally, so focus is trapped and the backdrop dims without extra code. Without a title (the
// command palette) it has no header and is named by `label`. `readOnly`: the content is only text
// (the shortcut sheet), so the scrolling content itself takes focus for the keyboard to scroll it.
import { useEffect, useRef } from 'react';
import X from 'lucide-react/icons/x';
import { t } from '../../lib/i18n.js';

export default function Modal({ title, subtitle, size = 'md', onClose, footer, children, labelledBy, label, className = '',
  readOnly = false }) {
  const dialog = useRef(null);

  useEffect(() => {
    const element = dialog.current;
    const back = document.activeElement; // where the focus goes back when it closes (the spec: Escape closes what is on top)
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
      // Gone with the dialog, the focus fell to <body>: back where it was, unless something took it
      // meanwhile (a page the dialog opened, with a field of its own).
      const lost = !document.activeElement || document.activeElement === document.body || element.contains(document.activeElement);
      if (lost && back instanceof HTMLElement && back.isConnected) back.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={`modal modal--${size} ${className}`}
      aria-labelledby={title ? labelledBy || 'modal-title' : undefined}
      aria-label={title ? undefined : label}
      onCancel={(event) => {
        event.preventDefault(); // Escape: let the owner decide (it usually navigates back)
        onClose();
      }}
      onClick={(event) => event.target === dialog.current && onClose()}
    >
      <div className="modal__body">
        {title && <header className="modal__header">
          <div>
            <h2 className="modal__title" id={labelledBy || 'modal-title'}>{title}</h2>
            {subtitle && <p className="modal__subtitle">{subtitle}</p>}
          </div>
          <button type="button" className="icon-button" aria-label={t('Закрыть')} onClick={onClose}>
            <X size={18} aria-hidden="true" />
          </button>
        </header>}
        <div className="modal__content" tabIndex={readOnly ? 0 : undefined}>{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
