// The guard of the /app page (spec 000 "Protected pages"). The page comes rendered by the server,
// so it is no blank loading screen: while the first access token is on its way — the islands can
// load nothing before it — a status card says 'Авторизация...' / 'Подождите немного...', and only
// when that takes a moment (a quick refresh shows nothing, so no page load flickers); it lets
// clicks through. When the sign-in turned out to be over, the page says where it goes
// ('Перенаправление на страницу входа...') and nothing on it can be used any more.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSessionPhase } from '../lib/sessionPhase.js';
import { t } from '../lib/i18n.js';

const SHOW_AFTER_MS = 400;

function useShownAfter(waiting, ms) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(false);
    if (!waiting) return undefined;
    const timer = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(timer);
  }, [waiting, ms]);
  return waiting && shown;
}

export default function AuthGuard() {
  const phase = useSessionPhase();
  const authorising = useShownAfter(phase === 'authorising', SHOW_AFTER_MS);
  const leaving = phase === 'leaving';
  useEffect(() => {
    if (leaving) document.querySelector('.app')?.setAttribute('inert', '');
  }, [leaving]);
  // The live region is always there (empty and hidden): what appears in it is then announced.
  return createPortal(
    <div className={`auth-guard${leaving ? ' auth-guard--leaving' : ''}`} role="status">
      {(authorising || leaving) && (
        <div className="auth-guard__card">
          <span className="auth-guard__spinner" aria-hidden="true" />
          {leaving ? (
            <span className="auth-guard__title">{t('Перенаправление на страницу входа...')}</span>
          ) : (
            <span className="auth-guard__text">
              <span className="auth-guard__title">{t('Авторизация...')}</span>
              <span className="auth-guard__hint">{t('Подождите немного...')}</span>
            </span>
          )}
        </div>
      )}
    </div>,
    document.body,
  );
}
