// The 8-emoji reaction picker (spec "Reaction picker"); closes on a pick, Escape or a click
// outside. It opens below its button in the upper half of the list and above it in the lower.
// 'Все эмодзи' turns it into the full emoji picker (EmojiPicker.jsx, loaded then) in the same place.
import { Suspense, useEffect, useRef, useState } from 'react';
import { REACTIONS } from './actions.js';
import { EmojiPickerLoading, LazyEmojiPicker, preloadEmojiPicker } from './EmojiPickerButton.jsx';
import { t } from '../../lib/i18n.js';

export default function ReactionPicker({ anchor, onPick, onClose, placement = 'below' }) {
  const panel = useRef(null);
  const [all, setAll] = useState(false);
  useEffect(() => {
    panel.current?.querySelector('button')?.focus();
    const outside = (event) => {
      if (!panel.current?.contains(event.target) && !anchor?.current?.contains(event.target)) onClose();
    };
    const escape = (event) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose(true);
      }
    };
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('keydown', escape, true);
    };
  }, [anchor, onClose]);

  function onKeyDown(event) {
    const buttons = [...panel.current.querySelectorAll('button')];
    const at = buttons.indexOf(document.activeElement);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step && at >= 0) {
      event.preventDefault();
      buttons[(at + step + buttons.length) % buttons.length].focus();
    }
  }

  if (all) {
    return (
      <div ref={panel} className={`reaction-picker reaction-picker--${placement} reaction-picker--all`}>
        <Suspense fallback={<EmojiPickerLoading />}>
          <LazyEmojiPicker label={t('Выберите реакцию')} onPick={onPick} />
        </Suspense>
      </div>
    );
  }

  return (
    <div ref={panel} className={`reaction-picker reaction-picker--${placement}`} role="group"
      aria-label={t('Выберите реакцию')} onKeyDown={onKeyDown}>
      {REACTIONS.map(([emoji, label]) => (
        <button key={emoji} type="button" className="reaction-picker__emoji" onClick={() => onPick(emoji)}
          aria-label={label} title={label}>
          {emoji}
        </button>
      ))}
      <button type="button" className="reaction-picker__more" onClick={() => setAll(true)}
        onPointerEnter={preloadEmojiPicker} onFocus={preloadEmojiPicker} aria-haspopup="dialog">
        {t('Все эмодзи')}
      </button>
    </div>
  );
}
