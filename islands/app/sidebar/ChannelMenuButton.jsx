// A channel row's context menu (ChannelMenu.jsx): a right click, a long press, or the Menu key or
// Shift+F10 on the row's link opens it for everyone; owners and moderators (and anyone in developer
// mode, for 'Копировать ID') also get a button, shown on hover and on keyboard focus. Only this is
// in the first load: the menu loads when first opened, and stays mounted afterwards so its rename
// dialog outlives it.
import { lazy, Suspense, useRef } from 'react';
import Ellipsis from 'lucide-react/icons/ellipsis';
import { t } from '../../lib/i18n.js';
import { pointUnder, useContextMenu } from '../ui/useContextMenu.js';

const ChannelMenu = lazy(() => import('./ChannelMenu.jsx'));

export default function ChannelMenuButton({ queryClient, channel, index, count, manage = true, developer = false,
  button: withButton = true }) {
  const anchor = useRef(null);
  const menu = useContextMenu({ on: () => anchor.current?.closest('li') });
  const label = manage ? t('Управление каналом {name}', { name: channel.name }) : t('Меню канала {name}', { name: channel.name });
  return (
    <>
      {withButton ? (
        <button ref={anchor} type="button" className="icon-button icon-button--sm channel-entry__menu" aria-label={label}
          title={label} aria-haspopup="menu" aria-expanded={Boolean(menu.at)}
          onClick={() => (menu.at ? menu.close() : menu.open(pointUnder(anchor.current), anchor.current))}>
          <Ellipsis size={16} aria-hidden="true" />
        </button>
      ) : <span ref={anchor} hidden />}
      {menu.wanted && (
        <Suspense fallback={null}>
          <ChannelMenu {...menu.props} queryClient={queryClient} channel={channel} index={index} count={count}
            label={label} manage={manage} developer={developer} />
        </Suspense>
      )}
    </>
  );
}
