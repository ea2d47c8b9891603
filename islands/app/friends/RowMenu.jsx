// A row's "more" menu: a button and a short list of actions under it (above it near the bottom of
// the window). Fixed to the window, so a scrolling list never clips it. Arrow keys move between
// the items; Escape, Tab, a click outside or a scroll closes it.
import { useLayoutEffect, useRef, useState } from 'react';
import EllipsisVertical from 'lucide-react/icons/ellipsis-vertical';
import { useMenuDismiss } from '../ui/useMenuDismiss.js';

const MENU_HEIGHT = 104; // about two items: enough to decide whether it fits below

export default function RowMenu({ label, items }) {
  const [place, setPlace] = useState(null); // {top|bottom, right} while open
  const button = useRef(null);
  const menu = useRef(null);
  const close = (refocus = true) => {
    setPlace(null);
    if (refocus) button.current?.focus();
  };

  const open = () => {
    const rect = button.current.getBoundingClientRect();
    const right = window.innerWidth - rect.right;
    setPlace(rect.bottom + MENU_HEIGHT > window.innerHeight
      ? { bottom: window.innerHeight - rect.top + 4, right }
      : { top: rect.bottom + 4, right });
  };

  useLayoutEffect(() => {
    if (place) menu.current?.querySelector('[role=menuitem]')?.focus();
  }, [place]);

  useMenuDismiss(place, menu, button, close);

  const onKeyDown = (event) => {
    const entries = [...menu.current.querySelectorAll('[role=menuitem]')];
    const at = entries.indexOf(document.activeElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // not the dialog or drawer underneath
      close();
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      entries[(at + step + entries.length) % entries.length]?.focus();
    }
  };

  return (
    <>
      <button ref={button} type="button" className="friend-action" aria-label={label} title={label}
        aria-haspopup="menu" aria-expanded={Boolean(place)} onClick={() => (place ? close() : open())}>
        <EllipsisVertical size={18} aria-hidden="true" />
      </button>
      {place && (
        <div ref={menu} className="row-menu" role="menu" aria-label={label} style={place} onKeyDown={onKeyDown}>
          {items.map(({ label: text, icon: Icon, danger, onSelect }) => (
            <button key={text} type="button" role="menuitem"
              className={`row-menu__item${danger ? ' row-menu__item--danger' : ''}`}
              onClick={() => { close(); onSelect(); }}>
              {Icon && <Icon size={16} aria-hidden="true" />}
              {text}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
