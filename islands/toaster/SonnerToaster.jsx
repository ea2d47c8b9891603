// sonner's toast area, loaded with the page's first toast (islands/lib/toast.js).
import { useEffect, useState } from 'react';
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

// The page's theme as sonner names it. Sonner colours a toast's description (and its close
// button) by its own theme, not by the variables above: a dark toaster on the light theme wrote
// near-white descriptions on a white toast.
const SONNER_THEME = { light: 'light', dark: 'dark', auto: 'system' };
const pageTheme = () => SONNER_THEME[document.documentElement.dataset.theme] ?? 'dark';

function usePageTheme() {
  const [theme, setTheme] = useState(pageTheme);
  useEffect(() => {
    const watch = new MutationObserver(() => setTheme(pageTheme()));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => watch.disconnect();
  }, []);
  return theme;
}

export default function SonnerToaster() {
  const theme = usePageTheme();
  // Child effects run first, so sonner's Toaster already listens when this one runs.
  useEffect(() => toasterListens(toast), []);
  // Spec: 5 s in the app, close button, at most 3 visible; width 356 px and gap 14 px are sonner's
  // defaults. The spec's dark theme is the app's default; the light theme gets light toasts.
  return (
    <Sonner
      position="top-right"
      theme={theme}
      closeButton
      duration={5000}
      visibleToasts={3}
      style={tokens}
      containerAriaLabel={t('Уведомления')}
      toastOptions={{ closeButtonAriaLabel: t('Закрыть уведомление') }}
    />
  );
}
