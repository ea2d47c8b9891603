// The live strength hint under a React form's new password (islands/lib/passwordHint.js draws it).
import { useEffect, useRef } from 'react';
import { followPassword } from '../lib/passwordHint.js';

/** `inputId`: the password input's id; `personal`: what the password must not contain (personalParts). */
export default function PasswordHint({ inputId, personal = [] }) {
  const slot = useRef(null);
  const parts = useRef(personal);
  parts.current = personal;
  useEffect(() => {
    const input = document.getElementById(inputId);
    return input ? followPassword(input, slot.current, () => parts.current) : undefined;
  }, [inputId]);
  return <p className="password-hint" id={`${inputId}-strength`} ref={slot} aria-live="polite" hidden />;
}
