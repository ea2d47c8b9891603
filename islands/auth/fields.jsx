// Form pieces shared by the auth islands. The markup and classes match the Jinja `input` and
// `form_error` macros in templates/_partials/forms.html, so the CSS and the tests see one thing
// with JavaScript on or off.
import { useState } from 'react';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { t } from '../lib/i18n.js';

export function FieldError({ name, message }) {
  if (!message) return null;
  return <p className="field__error" id={`${name}-error`} role="alert">{message}</p>;
}

export function FormError({ message, children }) {
  if (!message) return null;
  return (
    <>
      <p className="form-error" role="alert">{message}</p>
      {children}
    </>
  );
}

function describedBy(name, error, extra) {
  const ids = [error && `${name}-error`, extra].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A labelled input; `after` renders between the input and its error (a status line, a hint). */
export function Field({ name, label, value, error, onChange, type = 'text', autoComplete, describedById,
  after, inputRef, ...rest }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={name}>{label}</label>
      <input className="field__input" id={name} name={name} type={type} value={value}
        autoComplete={autoComplete} ref={inputRef}
        aria-invalid={error ? 'true' : undefined} aria-describedby={describedBy(name, error, describedById)}
        onChange={(event) => onChange(name, event.target.value)} {...rest} />
      <FieldError name={name} message={error} />
      {after}
    </div>
  );
}

/** A password input with the show/hide toggle inside it. */
export function PasswordField({ name, label, value, error, onChange, autoComplete, describedById, after }) {
  const [shown, setShown] = useState(false);
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={name}>{label}</label>
      <div className="password-field">
        <input className="field__input" id={name} name={name} type={shown ? 'text' : 'password'} value={value}
          autoComplete={autoComplete} spellCheck={false} autoCapitalize="off"
          aria-invalid={error ? 'true' : undefined} aria-describedby={describedBy(name, error, describedById)}
          onChange={(event) => onChange(name, event.target.value)} />
        <button type="button" className="password-field__toggle" onClick={() => setShown((on) => !on)}
          aria-label={shown ? t('Скрыть пароль') : t('Показать пароль')} aria-controls={name} aria-pressed={shown}>
          {shown ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </button>
      </div>
      <FieldError name={name} message={error} />
      {after}
    </div>
  );
}

/** Field values and their errors; editing a field clears its error (spec §5). */
export function useFormState(initialValues, initialErrors) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState(() => ({ ...(initialErrors || {}) }));
  function change(name, value) {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors((old) => {
      if (!old[name] && !old.form) return old;
      const { [name]: _field, form: _form, ...rest } = old;
      return rest;
    });
  }
  return { values, errors, setErrors, change };
}

export const SERVER_DOWN = t('Сервер временно недоступен. Попробуйте снова через несколько минут.');

/** True when a refusal's message is about the password (the server writes in the reader's language). */
export const mentionsPassword = (message) => /password/i.test(message) || message.toLowerCase().includes(t('пароль'));

/** True when the failure is the network or the backend being down (not a refusal). */
export function isServerDown(error) {
  return error?.code === 'BACKEND_UNREACHABLE' || error?.code === 'NETWORK_ERROR' || error?.status === 503
    || /Backend service is currently unavailable|Failed to fetch/.test(error?.message || '');
}
