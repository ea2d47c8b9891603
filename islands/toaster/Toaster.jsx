// The page's toast area (sonner). Flashes the server queued for this page show up as toasts.
import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';

const byCategory = {
  success: toast.success,
  error: toast.error,
  warning: toast.warning,
};

// Sonner reads its colours from these variables; inline values win over its injected stylesheet.
const tokens = {
  '--normal-bg': 'var(--surface)',
  '--normal-bg-hover': 'var(--surface-2)',
  '--normal-border': 'var(--border)',
  '--normal-border-hover': 'var(--text-muted)',
  '--normal-text': 'var(--text)',
};

export default function Toaster({ messages = [] }) {
  useEffect(() => {
    // Child effects run first, so sonner's Toaster already listens. A fixed id per flash keeps a
    // second mount from showing the same message twice.
    messages.forEach(([category, text], index) => {
      const show = byCategory[category] ?? toast.message;
      show(text, { id: `flash-${index}` });
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- flashes are shown once per page

  // Spec: 5 s in the app, close button, dark, at most 3 visible; width 356 px and gap 14 px are
  // sonner's defaults.
  return (
    <Sonner
      position="top-right"
      theme="dark"
      closeButton
      duration={5000}
      visibleToasts={3}
      style={tokens}
      containerAriaLabel="Уведомления"
      toastOptions={{ closeButtonAriaLabel: 'Закрыть уведомление' }}
    />
  );
}
