// Six single-digit boxes (spec §2 "Verify e-mail"): a digit moves focus on, Backspace on an empty
// box goes back, six digits pasted into any box (or autofilled) fill them all and complete the code;
// so does typing the digit that fills the last empty box. `onComplete` gets each completed code
// once per change (the owner keeps one request in flight).
import { forwardRef, useImperativeHandle, useRef } from 'react';
import { t } from '../lib/i18n.js';

export const CODE_LENGTH = 6;

const onlyDigits = (text) => (text || '').replace(/\D/g, '');

/** What the user meant by the box's new raw value, given the digit it held before. */
function typedInto(previous, raw) {
  // Typing into a box that already holds a digit leaves two in it: keep the new one.
  if (previous && raw.length === 2) return raw.startsWith(previous) ? raw[1] : raw[0];
  return raw;
}

// forwardRef: the owner focuses the first box through `ref` (React 18 passes no ref as a prop).
const CodeBoxes = forwardRef(function CodeBoxes({ digits, onChange, onComplete, invalid = false, disabled = false }, ref) {
  const inputs = useRef([]);

  function focus(index) {
    const box = inputs.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  }

  useImperativeHandle(ref, () => ({ focusFirst: () => focus(0) }), []);

  // A code every box of which holds a digit, made by the user's last change: it is sent.
  function completeIf(next) {
    const code = next.join('');
    if (code.length === CODE_LENGTH) onComplete(code);
  }

  function put(index, value) {
    const next = [...digits];
    next[index] = value;
    onChange(next);
    if (value) completeIf(next);
  }

  // Several digits at once: six or more are the whole code, fewer fill on from `from`.
  function fill(from, text) {
    if (text.length >= CODE_LENGTH) {
      const code = text.slice(0, CODE_LENGTH);
      onChange(code.split(''));
      focus(CODE_LENGTH - 1);
      onComplete(code);
      return;
    }
    const next = [...digits];
    [...text].forEach((digit, offset) => {
      if (from + offset < CODE_LENGTH) next[from + offset] = digit;
    });
    onChange(next);
    focus(from + text.length);
    completeIf(next);
  }

  function change(index, event) {
    if (disabled) return;
    const typed = typedInto(digits[index], onlyDigits(event.target.value));
    if (typed.length > 1) {
      fill(index, typed);
    } else {
      put(index, typed);
      if (typed && index < CODE_LENGTH - 1) focus(index + 1);
    }
  }

  function paste(index, event) {
    event.preventDefault();
    if (disabled) return;
    const text = onlyDigits(event.clipboardData.getData('text'));
    if (text) fill(text.length >= CODE_LENGTH ? 0 : index, text);
  }

  function keyDown(index, event) {
    if (disabled) return;
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      put(index - 1, '');
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      event.preventDefault();
      focus(index + 1);
    }
  }

  return (
    <div className={`code-boxes${invalid ? ' code-boxes--invalid' : ''}`} role="group"
      aria-label={t('Код подтверждения')}>
      {digits.map((digit, index) => (
        <input
          // eslint-disable-next-line react/no-array-index-key -- the boxes are positions
          key={index}
          ref={(element) => { inputs.current[index] = element; }}
          className="code-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('Цифра {number}', { number: index + 1 })}
          aria-invalid={invalid ? 'true' : undefined}
          autoFocus={index === 0}
          readOnly={disabled}
          value={digit}
          onChange={(event) => change(index, event)}
          onPaste={(event) => paste(index, event)}
          onKeyDown={(event) => keyDown(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
});

export default CodeBoxes;
