// The timeout asked inline under a member's row: how long (60 s … 1 week) and why.
import { useId, useState } from 'react';
import { TIMEOUT_CHOICES } from './labels.js';
import { t } from '../../lib/i18n.js';

export default function TimeoutForm({ busy, onSubmit, onCancel }) {
  const [seconds, setSeconds] = useState(String(TIMEOUT_CHOICES[1].seconds));
  const [reason, setReason] = useState('');
  const id = useId();

  function submit(event) {
    event.preventDefault();
    if (!reason.trim()) return;
    onSubmit({ duration: Number(seconds), reason: reason.trim() });
  }

  return (
    <form className="timeout-form" onSubmit={submit} aria-label={t('Тайм-аут')}>
      <label className="timeout-form__field" htmlFor={`${id}-length`}>
        <span className="field__label">{t('Длительность')}</span>
        <select id={`${id}-length`} name="duration" className="field__input" value={seconds}
          onChange={(event) => setSeconds(event.target.value)}>
          {TIMEOUT_CHOICES.map((choice) => <option key={choice.seconds} value={choice.seconds}>{choice.label}</option>)}
        </select>
      </label>
      <label className="timeout-form__field timeout-form__reason" htmlFor={`${id}-reason`}>
        <span className="field__label">{t('Причина тайм-аута')}</span>
        <input id={`${id}-reason`} name="reason" className="field__input" value={reason} maxLength={500} required
          autoComplete="off" onChange={(event) => setReason(event.target.value)} autoFocus />
      </label>
      <div className="timeout-form__buttons">
        <button type="button" className="btn btn-ghost mod-btn-sm" onClick={onCancel}>{t('Отмена')}</button>
        <button type="submit" className="btn mod-btn-danger mod-btn-sm" disabled={busy || !reason.trim()}>
          {t('Выдать тайм-аут')}
        </button>
      </div>
    </form>
  );
}
