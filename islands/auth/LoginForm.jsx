// The login card (spec §2 "Login", §4 "Login flow", §8 "Login"), talking to POST /api/auth/login.
import { useState } from 'react';
import { post, setAccessToken } from '../lib/api.js';
import {
  Field, FormError, PasswordField, SERVER_DOWN, isServerDown, mentionsPassword, useFormState,
} from './fields.jsx';
import { t } from '../lib/i18n.js';

const VERIFY_FIRST = t('Подтвердите email перед входом в систему');

function checkLogin({ emailOrUsername, password }) {
  const errors = {};
  if (!emailOrUsername.trim()) errors.emailOrUsername = t('Введите email или username');
  if (!password) errors.password = t('Введите пароль');
  return errors;
}

function goToVerification(email) {
  window.location.assign(`/auth/verify-email?email=${encodeURIComponent(email)}`);
}

/** Where a refused sign-in shows its message: {field: message} or {form: message}. */
function errorsFor(error) {
  if (error.status === 403 && error.code === 'EMAIL_NOT_VERIFIED') return { form: VERIFY_FIRST };
  if (error.errors) {
    const { email, username, emailOrUsername, password } = error.errors;
    const field = { emailOrUsername: emailOrUsername || email || username, password };
    if (field.emailOrUsername || field.password) return field;
  }
  if (error.status === 401 || error.status === 429) return { form: error.message };
  if (isServerDown(error)) return { form: SERVER_DOWN, details: error.message };
  const message = error.message || '';
  if (error.code === 'EMAIL_NOT_VERIFIED' || /verify/i.test(message)) return { form: VERIFY_FIRST };
  if (/email|username/i.test(message)) return { emailOrUsername: message };
  if (mentionsPassword(message)) return { password: message };
  return { form: message || t('Ошибка входа') };
}

export default function LoginForm({ values: initial = {}, errors: initialErrors, verified, reason }) {
  const { values, errors, setErrors, change } = useFormState(
    { emailOrUsername: initial.emailOrUsername || '', password: '' }, initialErrors);
  const [rememberMe, setRememberMe] = useState(Boolean(initial.rememberMe));
  const [sending, setSending] = useState(false);

  async function submit(event) {
    event.preventDefault();
    const problems = checkLogin(values);
    if (Object.keys(problems).length) {
      setErrors(problems);
      document.getElementById(Object.keys(problems)[0])?.focus();
      return;
    }
    const identifier = values.emailOrUsername.trim();
    const hasAt = identifier.includes('@');
    setErrors({});
    setSending(true);
    try {
      const data = await post('/api/auth/login',
        { [hasAt ? 'email' : 'username']: identifier, password: values.password, rememberMe },
        { refresh: false });
      setAccessToken(data?.accessToken);
      if (data?.user && data.user.isEmailVerified === false) {
        goToVerification(data.user.email);
        return;
      }
      // Stays "Вход..." until the app page replaces this one.
      setTimeout(() => window.location.assign('/app'), 100);
    } catch (error) {
      if (error.status === 403 && error.code === 'EMAIL_NOT_VERIFIED' && hasAt) {
        goToVerification(identifier);
        return;
      }
      setErrors(errorsFor(error));
      setSending(false);
    }
  }

  return (
    <>
      <h1 className="auth-card__title">{t('Добро пожаловать!')}</h1>
      {verified && (
        <p className="notice notice--success" role="status">
          {t('Email успешно подтвержден! Теперь вы можете войти в систему.')}
        </p>
      )}
      {reason && <p className="notice" role="status">{reason}</p>}
      <form className="form" noValidate onSubmit={submit} aria-busy={sending}>
        <FormError message={errors.form}>
          {errors.details && (
            <details className="form-error__details">
              <summary>{t('Технические подробности')}</summary>
              <code>{errors.details}</code>
            </details>
          )}
        </FormError>
        <Field name="emailOrUsername" label={t('Email или username')} value={values.emailOrUsername}
          error={errors.emailOrUsername} onChange={change} autoComplete="username"
          autoCapitalize="off" spellCheck={false} />
        <PasswordField name="password" label={t('Пароль')} value={values.password} error={errors.password}
          onChange={change} autoComplete="current-password" />
        <div className="form__row">
          <label className="checkbox">
            <input type="checkbox" name="rememberMe" checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)} />
            {' '}{t('Запомнить меня')}
          </label>
          <a className="link" href="/auth/forgot-password">{t('Забыли пароль?')}</a>
        </div>
        <button className="btn btn-primary btn-block" type="submit" disabled={sending}>
          {sending ? t('Вход...') : t('Войти')}
        </button>
      </form>
      <p className="auth-card__footer">{t('Нет аккаунта?')} <a className="link" href="/auth/register">{t('Создать аккаунт')}</a></p>
    </>
  );
}
