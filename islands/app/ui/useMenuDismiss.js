// A floating menu goes away as menus do: a press outside it (and outside its button), a resize,
// or a scroll anywhere (its fixed place would no longer sit by the button). `open` is truthy
// while it shows; `close(false)` is called without moving the focus back.
import { useEffect, useRef } from 'react';

export function useMenuDismiss(open, menu, button, close) {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event) => !menu.current?.contains(event.target) && !button.current?.contains(event.target)
      && latest.current(false);
    const away = () => latest.current(false);
    document.addEventListener('pointerdown', outside);
    window.addEventListener('resize', away);
    document.addEventListener('scroll', away, true);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('resize', away);
      document.removeEventListener('scroll', away, true);
    };
  }, [open, menu, button]);
}
