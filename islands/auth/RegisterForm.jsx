// The registration card (spec §2 "Register", §5, §8 "Registration"), talking to
// POST /api/auth/register, with live availability hints for username and e-mail.
import { useState } from 'react';
import Check from 'lucide-react/icons/check';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import X from 'lucide-react/icons/x';
import { post } from '../lib/api.js';
import { personalParts } from '../lib/passwordHint.js';
import {
  Field, FormError, PasswordField, SERVER_DOWN, isServerDown, mentionsPassword, useFormState,
} from './fields.jsx';
import PasswordHint from './PasswordHint.jsx';
import { useAvailability, useCheckPause } from './useAvailability.js';
import { checkRegistration, cleanRegistration, worthChecking } from './validation.js';
import { t } from '../lib/i18n.js';

const FIELDS = ['firstName', 'lastName', 'username', 'email', 'password'];
const FREE = { username: t('Username свободен'), email: t('Email свободен') };
const TAKEN = { username: t('Этот username уже занят'), email: t('Этот email уже используется') };

/** Where a refused registration shows its message: under fields, or as the form's error. */
function errorsFor(error) {
  const known = Object.entries(error.errors || {}).filter(([field]) => FIELDS.includes(field));
  if (known.length) return Object.fromEntries(known);
  if (isServerDown(error)) return { form: SERVER_DOWN };
  const message = error.message || '';
  if (/email/i.test(message)) return { email: message };
  if (/username/i.test(message)) return { username: message };
  if (mentionsPassword(message)) return { password: message };
  return { form: message || t('Ошибка регистрации') };
}

function AvailabilityStatus({ field, check }) {
  const { status } = check;
  const line = {
    checking: [<LoaderCircle key="i" className="field__status-spin" size={14} aria-hidden="true" />, t('Проверка...')],
    ok: [<Check key="i" size={14} aria-hidden="true" />, FREE[field]],
    taken: [<X key="i" size={14} aria-hidden="true" />, check.message || TAKEN[field]],
    paused: [<CircleAlert key="i" size={14} aria-hidden="true" />, t('Проверка временно недоступна')],
  }[status];
  // Always present, so screen readers announce what appears in it.
  return (
    <p className={`field__status${line ? ` field__status--${status}` : ''}`} id={`${field}-status`}
      aria-live="polite">
      {line}
    </p>
  );
}

export default function RegisterForm({ values: initial = {}, errors: initialErrors }) {
  const { values, errors, setErrors, change } = useFormState({
    firstName: initial.firstName || '', lastName: initial.lastName || '',
    username: initial.username || '', email: initial.email || '', password: '',
  }, initialErrors);
  const [sending, setSending] = useState(false);
  const pause = useCheckPause();
  const username = useAvailability('username', values.username.trim(), worthChecking.username, pause);
  const email = useAvailability('email', values.email.trim(), worthChecking.email, pause);

  async function submit(event) {
    event.preventDefault();
    const fields = cleanRegistration(values);
    const problems = checkRegistration(fields);
    if (Object.keys(problems).length) {
      setErrors(problems);
      document.getElementById(Object.keys(problems)[0])?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await post('/api/auth/register', fields);
      window.location.assign(`/auth/verify-email?email=${encodeURIComponent(fields.email)}`);
    } catch (error) {
      setErrors(errorsFor(error));
      setSending(false);
    }
  }

  const field = (name) => ({ name, value: values[name], error: errors[name], onChange: change });
  // A field's own error says more than a hint about the value; show one or the other.
  const status = (name, check) => (errors[name] ? null : <AvailabilityStatus field={name} check={check} />);

  return (
    <>
      <h1 className="auth-card__title">{t('Создать аккаунт')}</h1>
      <form className="form" noValidate onSubmit={submit} aria-busy={sending}>
        <FormError message={errors.form} />
        <div className="form__pair">
          <Field {...field('firstName')} label={t('Имя')} autoComplete="given-name" />
          <Field {...field('lastName')} label={t('Фамилия')} autoComplete="family-name" />
        </div>
        <Field {...field('username')} label="Username" autoComplete="username" autoCapitalize="off"
          spellCheck={false} describedById="username-status" after={status('username', username)} />
        <Field {...field('email')} label="Email" type="email" autoComplete="email"
          describedById="email-status" after={status('email', email)} />
        <PasswordField {...field('password')} label={t('Пароль')} autoComplete="new-password"
          describedById={errors.password ? 'password-strength' : 'password-hint password-strength'}
          after={(
            <>
              {!errors.password && <p className="field__hint" id="password-hint">{t('Минимум 8 символов; не из самых распространённых паролей и без username или email.')}</p>}
              <PasswordHint inputId="password" personal={personalParts(values.username.trim(), values.email.trim())} />
            </>
          )} />
        <button className="btn btn-primary btn-block" type="submit" disabled={sending}>
          {sending ? t('Регистрация...') : t('Зарегистрироваться')}
        </button>
      </form>
      <p className="auth-card__footer">{t('Уже есть аккаунт?')} <a className="link" href="/auth">{t('Войти')}</a></p>
    </>
  );
}
