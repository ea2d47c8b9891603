// The game centre (spec 000 "Game-center dropdown"): the top bar's gamepad button, with the red
// badge of unread notifications ('9+' above 9), and the dropdown it opens. Only the button and its
// badge are in the page's first load: the dropdown's code comes when the pointer reaches the
// button or it takes focus, so it is usually there by the click. A non-modal popover, like the
// bell's: closes on an outside click, on Escape (focus back on the button) and after a choice.
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import { Suspense, useEffect, useRef, useState } from 'react';
import preloadable from '../../lib/preloadable.jsx';
import { badgeLabel, useNotifications } from '../notifications/store.js';
import { t } from '../../lib/i18n.js';

const GameCentrePanel = preloadable(() => import('./GameCentrePanel.jsx'));
const preloadPanel = () => { GameCentrePanel.preload().catch(() => {}); }; // a failure shows on open

function useDismiss(open, close, root, button) {
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event) => root.current && !root.current.contains(event.target) && close();
    const escape = (event) => {
      if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      close();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open, close, root, button]);
}

export default function GameCentre({ user }) {
  const [open, setOpen] = useState(false);
  const unread = useNotifications((state) => state.unreadCount);
  const root = useRef(null);
  const button = useRef(null);
  const close = useRef(() => setOpen(false)).current;
  useDismiss(open, close, root, button);
  const label = unread > 0 ? t('Игровой центр, непрочитанных уведомлений: {n}', { n: unread }) : t('Игровой центр');
  return (
    <div ref={root} className="game-centre">
      <button ref={button} type="button" className="icon-button game-centre__button" aria-label={label}
        title={t('Игровой центр')} aria-expanded={open} aria-controls={open ? 'game-centre-panel' : undefined}
        onPointerEnter={preloadPanel} onFocus={preloadPanel} onClick={() => setOpen((now) => !now)}>
        <Gamepad2 size={20} aria-hidden="true" />
        {unread > 0 && <span className="notif-badge game-centre__badge" aria-hidden="true">{badgeLabel(unread)}</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <GameCentrePanel id="game-centre-panel" user={user} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
