// sonner's toast area, loaded with the page's first toast (islands/lib/toast.js).
import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { toasterListens } from '../lib/toast.js';
import { t } from '../lib/i18n.js';

// Sonner reads its colours from these variables; inline values win over its injected stylesheet.
const tokens = {
  '--normal-bg': 'var(--surface)',
  '--normal-bg-hover': 'var(--surface-2)',
  '--normal-border': 'var(--border)',
  '--normal-border-hover': 'var(--text-muted)',
  '--normal-text': 'var(--text)',
};

export default function SonnerToaster() {
  // Child effects run first, so sonner's Toaster already listens when this one runs.
  useEffect(() => toasterListens(toast), []);
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
      containerAriaLabel={t('Уведомления')}
      toastOptions={{ closeButtonAriaLabel: t('Закрыть уведомление') }}
    />
  );
}
