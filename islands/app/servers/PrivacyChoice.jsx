// Public or private: two radios.
import Globe from 'lucide-react/icons/globe';
import Lock from 'lucide-react/icons/lock';
import { t } from '../../lib/i18n.js';

const OPTIONS = [
  { value: true, label: t('Публичный'), hint: t('Любой может найти и присоединиться'), icon: Globe },
  { value: false, label: t('Приватный'), hint: t('Только по коду приглашения'), icon: Lock },
];

export default function PrivacyChoice({ value, onChange, disabled }) {
  return (
    <fieldset className="privacy" disabled={disabled}>
      <legend className="field__label">{t('Доступ')}</legend>
      <div className="privacy__options">
        {OPTIONS.map(({ value: option, label, hint, icon: Icon }) => (
          <label key={label} className="privacy__option">
            <input type="radio" name="isPublic" checked={value === option} onChange={() => onChange(option)} />
            <Icon size={18} aria-hidden="true" className="privacy__icon" />
            <span>
              <span className="privacy__label">{label}</span>
              <span className="privacy__hint">{hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
