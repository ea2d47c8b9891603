// The full emoji picker (emoji-mart, with its maintained data @emoji-mart/data), for the composer's
// emoji button (EmojiPopover, below) and the reaction picker's 'Все эмодзи'. Its code and data load
// on the first open (EmojiPickerButton.jsx), never with the page.
//
// Under the page's CSP. emoji-mart's element puts its stylesheet in a <style> in its shadow root,
// which style-src 'self' refuses; here the same sheet is adopted as a constructed stylesheet (a
// CSSOM object, like React's style props, which CSP does not govern), so the policy stays as it is.
// Nothing is fetched from elsewhere: the data and the Russian texts are bundled, emojis are the
// system's own ('native'), never images from a CDN.
// Its look comes from the design tokens: emoji-mart reads colours as "r, g, b" custom properties,
// so each token is resolved once on open and handed over in that form.
import data from '@emoji-mart/data';
import english from '@emoji-mart/data/i18n/en.json';
import russian from '@emoji-mart/data/i18n/ru.json';
import { Picker } from 'emoji-mart';
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { lang, t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

class LobbyEmojiPicker extends Picker {
  injectStyles(styles) {
    if (!styles) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(styles);
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, sheet];
  }
}
if (!customElements.get('lobby-emoji-picker')) customElements.define('lobby-emoji-picker', LobbyEmojiPicker);

// In this chunk, not loaded on their own: a chunk of nothing but JSON would split esbuild's helpers
// out of the first load's chunk (see ../regions/firstLoad.js), and all of it is needed at once.
const WORDS = lang === 'ru' ? russian : english;

/** A token (`--surface`) as emoji-mart's "r, g, b". */
function rgbOf(probe, token) {
  probe.style.color = `var(${token})`;
  const match = getComputedStyle(probe).color.match(/[\d.]+/g) ?? ['0', '0', '0'];
  return match.slice(0, 3).map((n) => Math.round(Number(n))).join(', ');
}

/** The tokens as emoji-mart's custom properties, and whether they make a light or a dark theme. */
function look(host) {
  const probe = document.createElement('span');
  host.append(probe);
  const [surface, text, accent, input, border] = ['--surface', '--text', '--accent', '--surface-2', '--border']
    .map((token) => rgbOf(probe, token));
  probe.remove();
  const light = surface.split(', ').reduce((sum, n) => sum + Number(n), 0) / 3 > 127;
  return {
    theme: light ? 'light' : 'dark',
    properties: {
      '--rgb-background': surface,
      '--rgb-color': text,
      '--rgb-accent': accent,
      '--rgb-input': input,
      '--color-border': `rgb(${border})`,
      '--color-border-over': `rgba(${text}, .25)`,
    },
  };
}

/** onPick(emoji) with the emoji's text ('😀', skin tone included). */
export default function EmojiPicker({ onPick, label }) {
  const host = useRef(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const element = host.current;
    const { theme, properties } = look(element);
    const picker = new LobbyEmojiPicker({
      theme,
      data,
      i18n: WORDS,
      locale: lang,
      set: 'native',
      autoFocus: true,
      dynamicWidth: true,
      previewPosition: 'none',
      skinTonePosition: 'search',
      maxFrequentRows: 2,
      onEmojiSelect: (emoji) => emoji?.native && pick.current(emoji.native),
    });
    Object.entries(properties).forEach(([name, value]) => picker.style.setProperty(name, value));
    element.append(picker);
    return () => picker.remove();
  }, []);

  return <div ref={host} className="emoji-picker" role="dialog" aria-label={label} />;
}

/**
 * The composer's picker, above the message box: a pick goes in at the caret (replacing a
 * selection), the picker closes and the box has the focus again, the caret after the emoji.
 * Escape (focus back to the button) or a click outside closes it.
 */
export function EmojiPopover({ anchor, box, onInsert, onClose }) {
  const popover = useRef(null);
  useEffect(() => {
    const outside = (event) => {
      if (!popover.current?.contains(event.target) && !anchor.current?.contains(event.target)) onClose();
    };
    const escape = (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onClose();
      anchor.current?.focus();
    };
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('keydown', escape, true);
    };
  }, [anchor, onClose]);

  function insert(emoji) {
    const field = box.current;
    if (!field) return;
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    // The pick comes from outside React's events: the box must hold the new text before the caret
    // is placed, or React's later render would put the caret at the end.
    flushSync(() => {
      onInsert(field.value.slice(0, start) + emoji + field.value.slice(end));
      onClose();
    });
    field.focus();
    field.setSelectionRange(start + emoji.length, start + emoji.length);
  }

  return (
    <div ref={popover} className="emoji-popover">
      <EmojiPicker label={t('Выберите эмодзи')} onPick={insert} />
    </div>
  );
}
