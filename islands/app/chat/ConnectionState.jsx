// The header's connection indicator ('онлайн' / 'подключение...' / 'офлайн'), the countdown to the
// next automatic attempt, and 'Переподключиться' once the attempts gave up — or once the server
// closed this tab's socket for a newer one (too many tabs open), which it says.
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useEffect, useState } from 'react';
import { reconnect, useSocket } from '../../lib/socket.js';
import { t } from '../../lib/i18n.js';

const LABELS = { connected: t('онлайн'), connecting: t('подключение...'), disconnected: t('офлайн') };

function useSecondsLeft(until) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!until) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : null;
}

export default function ConnectionState() {
  const status = useSocket((state) => state.status);
  const gaveUp = useSocket((state) => state.gaveUp);
  const retryAt = useSocket((state) => state.retryAt);
  const crowded = useSocket((state) => state.crowded);
  const left = useSecondsLeft(status === 'disconnected' ? retryAt : null);
  return (
    <div className="connection">
      <span className="connection-state" data-state={status} role="status">
        <span className="connection-state__dot" aria-hidden="true" />
        {LABELS[status] ?? LABELS.disconnected}
      </span>
      {left != null && !gaveUp && <span className="connection__retry">{t('повтор через {seconds} с', { seconds: left })}</span>}
      {crowded && status === 'disconnected' && (
        <span className="connection__retry">{t('открыто слишком много вкладок')}</span>
      )}
      {gaveUp && status !== 'connecting' && (
        <button type="button" className="btn btn-sm btn-ghost connection__reconnect" onClick={reconnect}>
          <RefreshCw size={14} aria-hidden="true" />
          {t('Переподключиться')}
        </button>
      )}
    </div>
  );
}
