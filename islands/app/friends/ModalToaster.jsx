// A toast area inside a modal dialog. A modal <dialog> sits in the browser's top layer, above the
// page's toaster: its toasts would show dimmed under the backdrop and could not be closed. This
// one lives in the dialog (so in the top layer too) and shows the toasts sent to its `id`
// (./toasts.js routes friend toasts here while the dialog is open). Looks like the app's.
import { Toaster } from 'sonner';
import { t } from '../../lib/i18n.js';

const tokens = {
  '--normal-bg': 'var(--surface)',
  '--normal-bg-hover': 'var(--surface-2)',
  '--normal-border': 'var(--border)',
  '--normal-border-hover': 'var(--text-muted)',
  '--normal-text': 'var(--text)',
};

export default function ModalToaster({ id }) {
  return (
    <Toaster id={id} position="bottom-right" theme="dark" closeButton duration={4000} visibleToasts={3}
      style={tokens} containerAriaLabel={t('Уведомления')} toastOptions={{ closeButtonAriaLabel: t('Закрыть уведомление') }} />
  );
}
