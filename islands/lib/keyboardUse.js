// The keyboard-use marker (spec: "a keyboard-use marker for accessibility"): <html> carries
// `using-keyboard` from the moment a key that moves the focus is pressed (Tab, the arrows outside a
// text field, Home/End there too, F6, the Menu key, Shift+F10) until the pointer is used again. The
// stylesheet (lobby.css, "Focus rings") draws focus rings only under it: then on whatever has the
// focus, also focus moved by script (a menu's first item, a dialog's button, the element a closed
// dialog gives it back to), which `:focus-visible` alone leaves to the browser's guess; and none
// after a click or a tap, where Chromium's guess sometimes draws one. Every page: main.jsx imports it.
const html = document.documentElement;
const ALWAYS = new Set(['Tab', 'F6', 'ContextMenu']);
const OUTSIDE_FIELDS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
const FIELD = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

function movesFocus(event) {
  if (ALWAYS.has(event.key) || (event.key === 'F10' && event.shiftKey)) return true;
  return OUTSIDE_FIELDS.has(event.key) && !event.target?.closest?.(FIELD); // in a field they move the caret
}

document.addEventListener('keydown', (event) => {
  if (movesFocus(event)) html.classList.add('using-keyboard');
}, true);
document.addEventListener('pointerdown', () => html.classList.remove('using-keyboard'), true);
