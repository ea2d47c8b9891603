// The button of a channel row's menu (owners and moderators; everyone in developer mode, for
// 'Копировать ID'): shown on hover and on keyboard
// focus. Only the button is in the first load; the menu itself (ChannelMenu.jsx) loads when it is
// first opened, and stays mounted afterwards so its rename dialog outlives the menu.
import { lazy, Suspense, useRef, useState } from 'react';
import Ellipsis from 'lucide-react/icons/ellipsis';
import { t } from '../../lib/i18n.js';

const ChannelMenu = lazy(() => import('./ChannelMenu.jsx'));
const MENU_WIDTH = 210; // .row-menu's min-width
const MENU_HEIGHT = 170; // four items: enough to decide whether it fits below

/** Fixed to the window (a scrolling list never clips it), under the button or above it. */
function placeBy(button) {
  const rect = button.getBoundingClientRect();
  const left = Math.max(8, rect.right - MENU_WIDTH);
  return rect.bottom + MENU_HEIGHT > window.innerHeight
    ? { bottom: window.innerHeight - rect.top + 4, left }
    : { top: rect.bottom + 4, left };
}

export default function ChannelMenuButton({ queryClient, channel, index, count, manage = true, developer = false }) {
  const [place, setPlace] = useState(null); // while open
  const [wanted, setWanted] = useState(false); // opened once: the menu's code is here
  const button = useRef(null);
  const close = (refocus = true) => {
    setPlace(null);
    if (refocus) button.current?.focus();
  };
  const label = manage ? t('Управление каналом {name}', { name: channel.name }) : t('Меню канала {name}', { name: channel.name });
  return (
    <>
      <button ref={button} type="button" className="icon-button icon-button--sm channel-entry__menu" aria-label={label}
        title={label} aria-haspopup="menu" aria-expanded={Boolean(place)}
        onClick={() => { setWanted(true); if (place) close(); else setPlace(placeBy(button.current)); }}>
        <Ellipsis size={16} aria-hidden="true" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <ChannelMenu queryClient={queryClient} channel={channel} index={index} count={count} label={label}
            place={place} button={button} onClose={close} manage={manage} developer={developer} />
        </Suspense>
      )}
    </>
  );
}
