// What opens a context menu on a thing (a message, a channel, a person, a server in the rail): a
// right click, a long press on a touch screen, and from the keyboard the Menu key or Shift+F10.
// First-load code and small: the menu itself (./ContextMenu.jsx) loads with the feature's items.
//   const menu = useContextMenu();
//   <li {...menu.bind}>…</li>
//   {menu.wanted && <Suspense fallback={null}><MessageMenu {...menu.props} message={message} /></Suspense>}
// where MessageMenu (loaded lazily: React.lazy, or ../../lib/preloadable.jsx) builds the items and
// renders, while `at` is set, <ContextMenu {...props} label={…} items={[{id, label, icon, onSelect,
// danger}, 'separator', …]} />. `wanted` stays true once opened, so a dialog the menu opened
// outlives it. `props` = {at: {x, y} while open, origin: what takes the focus back, onClose}.
// A hover button may open the same menu: `menu.open(pointUnder(button), button)`.
// Without a React element to spread `bind` on: `useContextMenu({ on: () => element })`.
// One menu at a time in the page: opening one closes the one before.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

const LONG_PRESS_MS = 500;
const SLOP_PX = 10; // a finger that moves further is scrolling, not pressing
const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

let closeOpenMenu = null;

/** The browser's own menu stays where it is the useful one: in a text field and on selected text. */
function keepsNativeMenu(event, element) {
  if (event.target.closest?.(TYPING)) return true;
  const selection = window.getSelection?.();
  return Boolean(selection && !selection.isCollapsed && element.contains(selection.anchorNode));
}

/** Inside the element near its top-left corner: a key has no pointer position. */
function besideElement(element) {
  const rect = element.getBoundingClientRect();
  return { x: rect.left + Math.min(24, rect.width / 2), y: rect.top + Math.min(rect.height, 32) };
}

/** Under a button, for the menu its click opens. */
export function pointUnder(button) {
  const rect = button.getBoundingClientRect();
  return { x: rect.left, y: rect.bottom + 4 };
}

const focusedElement = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null);

/** A thing inside this one with a menu of its own (a voice channel's people in its row) keeps it:
 * a DOM listener (`on`) hears the event before React's handlers of the inner thing do. */
const innerOwns = (event) => {
  const owner = event.target.closest?.('[data-context-menu]');
  return Boolean(owner && owner !== event.currentTarget);
};

/**
 * `keepNative(event)`: true where this thing's own parts keep the browser's menu (a link inside a
 * message). `disabled`: no menu (a placeholder row).
 */
export function useContextMenu({ keepNative, disabled = false, on } = {}) {
  const [at, setAt] = useState(null);
  const [wanted, setWanted] = useState(false);
  const origin = useRef(null);
  const press = useRef(null); // {timer, x, y} while a finger rests
  const pressed = useRef(false); // a long press opened it: the click and native menu that follow are its own
  const options = useRef({ keepNative });
  options.current.keepNative = keepNative;

  const close = useCallback((refocus = true) => {
    setAt(null);
    if (closeOpenMenu === close) closeOpenMenu = null;
    const back = origin.current;
    if (refocus && back?.isConnected) back.focus({ preventScroll: true });
  }, []);

  const open = useCallback((point, focusBack) => {
    if (closeOpenMenu && closeOpenMenu !== close) closeOpenMenu(false);
    closeOpenMenu = close;
    origin.current = focusBack ?? null;
    setWanted(true);
    setAt(point);
  }, [close]);

  useEffect(() => () => { if (closeOpenMenu === close) closeOpenMenu = null; }, [close]);

  // Each works on a React event and on a DOM one (`on`).
  const handlers = useMemo(() => {
    const cancelPress = () => {
      clearTimeout(press.current?.timer);
      press.current = null;
    };
    return {
      contextmenu(event) {
        if (pressed.current) { // Android's own long-press menu, after ours
          pressed.current = false;
          event.preventDefault();
          return;
        }
        cancelPress(); // Android's came first: ours would open it twice
        if (innerOwns(event) || keepsNativeMenu(event, event.currentTarget) || options.current.keepNative?.(event)) return;
        event.preventDefault();
        event.stopPropagation(); // a person inside a message: theirs, not the message's
        const native = event.nativeEvent ?? event;
        const byKey = native.pointerType === '' || (event.clientX === 0 && event.clientY === 0);
        open(byKey ? besideElement(event.currentTarget) : { x: event.clientX, y: event.clientY },
          byKey ? event.currentTarget : focusedElement());
      },
      keydown(event) {
        if (!(event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) return;
        if (event.target.closest?.(TYPING) || innerOwns(event)) return;
        event.preventDefault();
        event.stopPropagation();
        const element = event.target instanceof HTMLElement ? event.target : event.currentTarget;
        open(besideElement(element), element);
      },
      pointerdown(event) {
        if (event.pointerType !== 'touch' || !event.isPrimary || innerOwns(event)) return;
        cancelPress();
        pressed.current = false;
        const { clientX: x, clientY: y } = event;
        const back = focusedElement();
        press.current = {
          x,
          y,
          timer: setTimeout(() => {
            press.current = null;
            pressed.current = true;
            window.getSelection?.()?.removeAllRanges(); // the press may have started selecting a word
            open({ x, y }, back);
          }, LONG_PRESS_MS),
        };
      },
      pointermove(event) {
        const start = press.current;
        if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > SLOP_PX) cancelPress();
      },
      pointerup: cancelPress,
      pointercancel: cancelPress,
      click(event) {
        if (!pressed.current) return;
        pressed.current = false; // the lifted finger of the long press: not a tap
        event.preventDefault();
        event.stopPropagation();
      },
    };
  }, [open]);

  useEffect(() => {
    const element = !disabled && on?.();
    if (!element) return undefined;
    const listeners = Object.entries(handlers);
    element.setAttribute('data-context-menu', '');
    for (const [name, handler] of listeners) element.addEventListener(name, handler, name === 'click');
    return () => {
      for (const [name, handler] of listeners) element.removeEventListener(name, handler, name === 'click');
    };
  });

  const bind = useMemo(() => (disabled ? {} : {
    'data-context-menu': '', // no system callout on a long press (overlays.css)
    onContextMenu: handlers.contextmenu,
    onKeyDown: handlers.keydown,
    onPointerDown: handlers.pointerdown,
    onPointerMove: handlers.pointermove,
    onPointerUp: handlers.pointerup,
    onPointerCancel: handlers.pointercancel,
    onClickCapture: handlers.click,
  }), [disabled, handlers]);

  return { at, wanted, bind, open, close, props: { at, origin: origin.current, onClose: close } };
}
