// The app's one context menu (opened by ./useContextMenu.js): a short list of what the person may
// do with the thing, at the pointer, kept inside the window (it opens up or left near an edge).
// The first item takes the focus; ↑/↓ (Home/End) move, a letter jumps to the next item it begins,
// Enter or Space chooses; Escape, Tab, a click outside, a scroll or a resize closes it, and the focus
// goes back where it was (after a choice too, unless the choice opens a dialog, which then owns it).
// Rendered over everything: in the open modal dialog the thing is in (the page behind a modal is
// inert), else at the end of <body>.
//   items: [{id, label, icon, onSelect, danger?, disabled?, checked?}, 'separator', …] — falsy entries
//   are skipped; an item with `checked` (true/false) is one choice of several (menuitemradio).
import { useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useMenuDismiss } from './useMenuDismiss.js';

const EDGE = 8;
// The menu sits inside its thing in React's tree (a portal): its presses are not the thing's.
const stop = (event) => event.stopPropagation();
const NO_BUTTON = { current: null };

/** Left and top so that the whole menu shows: to the right of and under the point if it fits. */
function placeWithin(menu, { x, y }) {
  const { offsetWidth: width, offsetHeight: height } = menu;
  const left = x + width + EDGE > window.innerWidth ? Math.max(EDGE, x - width) : x;
  const top = y + height + EDGE > window.innerHeight ? Math.max(EDGE, y - height) : y;
  return { left: Math.min(left, Math.max(EDGE, window.innerWidth - width - EDGE)), top };
}

/** The items without the skipped (falsy) ones and without a separator at an end or beside another. */
function tidy(items) {
  const kept = items.filter(Boolean).filter((item, at, all) => item !== 'separator' || (at > 0 && all[at - 1] !== 'separator'));
  while (kept.at(-1) === 'separator') kept.pop();
  return kept;
}

function entriesOf(menu) {
  return [...menu.querySelectorAll('[role^=menuitem]:not(:disabled)')];
}

export default function ContextMenu({ at, origin, onClose, items, label, className = '' }) {
  const menu = useRef(null);
  const shown = tidy(items);

  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    const { left, top } = placeWithin(element, at);
    element.style.left = `${left}px`;
    element.style.top = `${top}px`;
    entriesOf(element)[0]?.focus({ preventScroll: true });
  }, [at]);

  useMenuDismiss(at, menu, NO_BUTTON, onClose);

  const onKeyDown = (event) => {
    const entries = entriesOf(menu.current);
    const here = entries.indexOf(document.activeElement);
    const move = (to) => {
      event.preventDefault();
      entries[(to + entries.length) % entries.length]?.focus();
    };
    if (event.key === 'Escape' || event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      event.stopPropagation(); // not the dialog or drawer underneath
      onClose();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown') move(here + 1);
    else if (event.key === 'ArrowUp') move(here < 0 ? -1 : here - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(-1);
    else if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const letter = event.key.toLocaleLowerCase();
      const order = [...entries.slice(here + 1), ...entries.slice(0, here + 1)];
      const next = order.find((entry) => entry.textContent.trim().toLocaleLowerCase().startsWith(letter));
      if (next) move(entries.indexOf(next));
    }
    event.stopPropagation(); // the page's shortcuts and the message log's arrows are not for the menu's keys
  };

  const choose = (item) => {
    // Closed first, the focus back where it was: a dialog the choice opens gives it back there.
    onClose();
    item.onSelect();
  };

  if (!shown.length) return null;
  const container = origin?.closest?.('dialog[open]') ?? document.body;
  return createPortal(
    <div ref={menu} className={`context-menu ${className}`} role="menu" aria-label={label} tabIndex={-1}
      onKeyDown={onKeyDown} onContextMenu={(event) => { event.preventDefault(); event.stopPropagation(); }}
      onPointerDown={stop} onClick={stop}>
      {shown.map((item, index) => (item === 'separator'
        // eslint-disable-next-line react/no-array-index-key
        ? <div key={`separator-${index}`} className="context-menu__separator" role="separator" />
        : (
          <button key={item.id ?? item.label} type="button" disabled={item.disabled}
            role={item.checked == null ? 'menuitem' : 'menuitemradio'} aria-checked={item.checked ?? undefined}
            data-item={item.id} className={`context-menu__item${item.danger ? ' context-menu__item--danger' : ''}`}
            onClick={() => choose(item)}>
            {item.icon && <item.icon size={16} aria-hidden="true" />}
            <span className="context-menu__label">{item.label}</span>
          </button>
        )))}
    </div>,
    container,
  );
}
