// The bell in the top bar: the red badge with the unread count ('9+' above 9, spec 000 "Game-center
// dropdown"), and the notifications panel it opens. A non-modal popover: closes on an outside
// click and on Escape (focus back on the bell). The full game-centre dropdown comes later; this
// bell is its notification half.
import Bell from 'lucide-react/icons/bell';
import { Suspense, useEffect, useRef, useState } from 'react';
import preloadable from '../../lib/preloadable.jsx';
import { badgeLabel, bellLabel, useNotifications } from './store.js';
import { t } from '../../lib/i18n.js';

// The panel is not in the page's first load (the bell, its badge and the store are): its code loads
// when the pointer reaches the bell or the bell takes focus, so it is usually there by the click.
const NotificationsPanel = preloadable(() => import('./NotificationsPanel.jsx'));
const preloadPanel = () => { NotificationsPanel.preload().catch(() => {}); }; // a failure shows on open

export default function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const count = useNotifications((state) => state.unreadCount);
  const root = useRef(null);
  const button = useRef(null);

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event) => root.current && !root.current.contains(event.target) && setOpen(false);
    const escape = (event) => {
      if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div ref={root} className="notif-menu">
      <button ref={button} type="button" className="icon-button notif-bell" aria-label={bellLabel(count)}
        title={t('Уведомления')} aria-expanded={open} aria-controls={open ? 'notifications-panel' : undefined}
        aria-haspopup="dialog" onPointerEnter={preloadPanel} onFocus={preloadPanel}
        onClick={() => setOpen((now) => !now)}>
        <Bell size={20} aria-hidden="true" />
        {count > 0 && <span className="notif-badge" aria-hidden="true">{badgeLabel(count)}</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationsPanel id="notifications-panel" onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
