// The user menu's status choice: how others see this user in member lists (live, over the socket),
// and the custom status beside it (at most 50 characters). A status picked here is the user's own:
// it ends an automatic idle (live/idle.js), which then never overrides it.
import { useEffect, useState } from 'react';
import { forgetAutoIdle } from '../live/idle.js';
import { STATUS_CHOICES, chooseStatus, useMyStatus } from '../live/myStatus.js';
import { CUSTOM_STATUS_MAX, saveCustomStatus, useCustomStatus } from './customStatus.js';
import { t } from '../../lib/i18n.js';

function CustomStatusForm({ onChosen }) {
  const saved = useCustomStatus();
  const [text, setText] = useState(saved);
  useEffect(() => setText(saved), [saved]); // changed on another device, or cleared here
  const changed = text.trim() !== saved;
  return (
    <form className="custom-status" onSubmit={async (event) => {
      event.preventDefault();
      if (await saveCustomStatus(text)) onChosen();
    }}>
      <label htmlFor="custom-status" className="custom-status__label">{t('Свой статус')}</label>
      <div className="custom-status__row">
        <input id="custom-status" className="custom-status__input" value={text} maxLength={CUSTOM_STATUS_MAX}
          placeholder={t('Чем вы заняты?')} autoComplete="off" aria-describedby="custom-status-count"
          onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="btn btn-primary btn-sm" disabled={!changed}>{t('Сохранить')}</button>
      </div>
      <span id="custom-status-count" className="custom-status__count">{text.length}/{CUSTOM_STATUS_MAX}</span>
      {saved && (
        <button type="button" className="custom-status__clear" onClick={() => saveCustomStatus('')}>
          {t('Очистить статус')}
        </button>
      )}
    </form>
  );
}

export default function StatusPicker({ onChosen }) {
  const current = useMyStatus((state) => state.status);
  return (
    <>
      <div className="status-picker" role="group" aria-label={t('Статус')}>
        {STATUS_CHOICES.map(({ value, label }) => (
          <button key={value} type="button" className="user-menu__item status-picker__choice"
            aria-pressed={current === value} onClick={() => { forgetAutoIdle(); chooseStatus(value); onChosen(); }}>
            <span className={`status-picker__dot status-picker__dot--${value}`} aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
      <CustomStatusForm onChosen={onChosen} />
    </>
  );
}
