// The 8-emoji reaction picker (spec "Reaction picker"); closes on a pick, Escape or a click
// outside. It opens below its button in the upper half of the list and above it in the lower.
import { useEffect, useRef } from 'react';
import { REACTIONS } from './actions.js';
import { t } from '../../lib/i18n.js';

export default function ReactionPicker({ anchor, onPick, onClose, placement = 'below' }) {
  const panel = useRef(null);
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

  return (
    <div ref={panel} className={`reaction-picker reaction-picker--${placement}`} role="group"
      aria-label={t('Выберите реакцию')} onKeyDown={onKeyDown}>
      {REACTIONS.map(([emoji, label]) => (
        <button key={emoji} type="button" className="reaction-picker__emoji" onClick={() => onPick(emoji)}
          aria-label={label} title={label}>
          {emoji}
        </button>
      ))}
    </div>
  );
}
