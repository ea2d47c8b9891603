// The e-mail code card (spec §2 "Verify e-mail", §4 "E-mail verification", §8 "Verification"):
// six digit boxes, POST /api/auth/verify-email-code, and a resend with a 60 s cooldown.
import { useEffect, useRef, useState } from 'react';
import { toast } from '../lib/toast.js';
import { post } from '../lib/api.js';
import { FormError, SERVER_DOWN, isServerDown } from './fields.jsx';
import CodeBoxes, { CODE_LENGTH } from './CodeBoxes.jsx';
import { t } from '../lib/i18n.js';
import { rich } from '../lib/rich.jsx';

const RESEND_COOLDOWN_S = 60;
const ALREADY_VERIFIED = t('Email уже подтвержден. Перенаправляем на страницу входа...');
const EMPTY = Array(CODE_LENGTH).fill('');

function verifyMessage(error) {
  if (isServerDown(error)) return SERVER_DOWN;
  const message = error.message || '';
  const expired = t('Код подтверждения истек. Запросите новый код.');
  const wrong = t('Неверный код. Проверьте правильность ввода.');
  if (error.code === 'CODE_EXPIRED') return expired;
  // The server's words for a refused code are already in the reader's language: a wrong code, or
  // none to compare with ('Неверный или истекший код…'); other codes (CODE_LOCKED…) say their own.
  if (error.code === 'CODE_INVALID') return message || wrong;
  const uncoded = !error.code || error.code === 'UNKNOWN_ERROR';
  if (uncoded && /expired/i.test(message)) return expired;
  if (uncoded && /invalid/i.test(message)) return wrong;
  return message || t('Неверный код подтверждения');
}

/** Seconds left before another code may be asked for; `restart()` starts a new cooldown. */
function useCooldown(seconds, initial) {
  const [until, setUntil] = useState(() => Date.now() + initial * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [left > 0]); // eslint-disable-line react-hooks/exhaustive-deps -- tick only while counting
  function restart() {
    const start = Date.now();
    setNow(start);
    setUntil(start + seconds * 1000);
  }
  return [left, restart];
}

// `resendIn`: seconds the server says are left of the cooldown of the code it last sent (0 when
// this browser was sent here without a new code, e.g. by an unverified sign-in).
export default function VerifyEmail({ email = '', errors = {}, resendIn = RESEND_COOLDOWN_S }) {
  const [digits, setDigits] = useState(EMPTY);
  const [error, setError] = useState(errors.form || errors.code || errors.email || '');
  const [notice, setNotice] = useState('');
  const [sending, setSending] = useState(false);
  const [resending, setResending] = useState(false);
  const [cooldown, restartCooldown] = useCooldown(RESEND_COOLDOWN_S, resendIn);
  const boxes = useRef(null);
  // Focus moves after the render that re-enables the boxes (a disabled box cannot take focus).
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) boxes.current?.focusFirst();
  }, [focusRequest]);
  const focusFirstBox = () => setFocusRequest((n) => n + 1);
  const code = digits.join('');
  const done = Boolean(notice); // redirecting: nothing more to do on this page

  function changeDigits(next) {
    setDigits(next);
    if (error) setError('');
  }

  function alreadyVerified(target, delay) {
    setError('');
    setNotice(ALREADY_VERIFIED);
    setTimeout(() => window.location.assign(target), delay);
  }

  // One request at a time: a paste and the last typed digit may both complete the code in one tick,
  // before `sending` re-renders.
  const inFlight = useRef(false);

  async function verify(value = code) {
    if (value.length !== CODE_LENGTH || inFlight.current || done) return;
    inFlight.current = true;
    setSending(true);
    setError('');
    try {
      await post('/api/auth/verify-email-code', { code: value, email });
      window.location.assign('/auth?verified=true');
    } catch (failure) {
      inFlight.current = false;
      setDigits(EMPTY);
      setSending(false);
      if (failure.code === 'ALREADY_VERIFIED') {
        alreadyVerified('/auth?verified=true', 2000);
        return;
      }
      setError(verifyMessage(failure));
      focusFirstBox();
    }
  }

  async function resend() {
    setResending(true);
    try {
      await post('/api/auth/verify-email-resend', { email });
      restartCooldown();
      setDigits(EMPTY);
      setError('');
      toast.success(t('Новый код отправлен на email'));
      focusFirstBox();
    } catch (failure) {
      if (failure.code === 'ALREADY_VERIFIED') {
        alreadyVerified('/app', 1500);
      } else {
        setError(isServerDown(failure) ? SERVER_DOWN : failure.message || t('Ошибка отправки кода'));
      }
    } finally {
      setResending(false);
    }
  }

  if (!email) {
    return (
      <>
        <h1 className="auth-card__title">{t('Подтверждение email')}</h1>
        <p className="notice notice--error" role="alert">{t('Email не указан')}</p>
        <p className="auth-card__footer"><a className="link" href="/auth/register">{t('Зарегистрироваться')}</a></p>
      </>
    );
  }

  return (
    <>
      <h1 className="auth-card__title">{t('Подтверждение email')}</h1>
      <p className="auth-card__lead">
        {rich(t('Мы отправили 6-значный код на {email}. Код действителен 10 минут.'), { email: <strong>{email}</strong> })}
      </p>
      {notice && <p className="notice notice--success" role="status">{notice}</p>}
      <form className="form" noValidate aria-busy={sending}
        onSubmit={(event) => { event.preventDefault(); verify(); }}>
        <FormError message={error} />
        <CodeBoxes ref={boxes} digits={digits} onChange={changeDigits} onComplete={verify}
          invalid={Boolean(error)} disabled={sending || done} />
        <button className="btn btn-primary btn-block" type="submit"
          disabled={code.length !== CODE_LENGTH || sending || done}>
          {sending ? t('Проверка...') : t('Подтвердить')}
        </button>
      </form>
      <div className="form form--inline">
        <button className="btn btn-ghost btn-block" type="button" onClick={resend}
          disabled={cooldown > 0 || resending || done}>
          {cooldown > 0 ? t('Отправить повторно через {seconds} с', { seconds: cooldown }) : t('Отправить код повторно')}
        </button>
      </div>
      <p className="auth-card__footer"><a className="link" href="/auth">{t('Вернуться ко входу')}</a></p>
    </>
  );
}
