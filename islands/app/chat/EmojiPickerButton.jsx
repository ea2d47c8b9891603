// The composer's emoji button: opens the emoji picker above the message box (EmojiPopover in
// EmojiPicker.jsx: a pick goes in at the caret). The picker's code and data load on the first
// open, or when the pointer or the focus reaches the button, never with the page: all that is
// here is the button.
import Smile from 'lucide-react/icons/face-slightly-smiling';
import { Suspense, useRef, useState } from 'react';
import preloadable from '../../lib/preloadable.jsx';
import { t } from '../../lib/i18n.js';

const load = () => import('./EmojiPicker.jsx');
export const LazyEmojiPicker = preloadable(load);
const LazyEmojiPopover = preloadable(() => load().then((picker) => ({ default: picker.EmojiPopover })));

export function preloadEmojiPicker() {
  LazyEmojiPicker.preload().catch(() => {}); // a failure shows on open (the error boundary)
  LazyEmojiPopover.preload().catch(() => {});
}

/** What shows while the picker's code and data arrive: its frame, so nothing jumps. */
export const EmojiPickerLoading = () => <div className="emoji-picker emoji-picker--loading" aria-busy="true" />;

export default function EmojiPickerButton({ box, disabled, onInsert }) {
  const [open, setOpen] = useState(false);
  const button = useRef(null);
  return (
    <>
      <button ref={button} type="button" className={`icon-button composer__tool${open ? ' is-active' : ''}`}
        aria-label={t('Эмодзи')} title={t('Эмодзи')} aria-expanded={open} aria-haspopup="dialog" disabled={disabled}
        onPointerEnter={preloadEmojiPicker} onFocus={preloadEmojiPicker} onClick={() => setOpen((was) => !was)}>
        <Smile size={18} aria-hidden="true" />
      </button>
      {open && (
        <Suspense fallback={<div className="emoji-popover"><EmojiPickerLoading /></div>}>
          <LazyEmojiPopover anchor={button} box={box} onInsert={onInsert} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
