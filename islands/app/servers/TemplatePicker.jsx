// The three server templates as selectable cards, each listing the channels it creates (the server
// names them in the creator's language too: TEMPLATES in site/lobby/servers/validation.py).
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Hash from 'lucide-react/icons/hash';
import Sparkles from 'lucide-react/icons/sparkles';
import UsersRound from 'lucide-react/icons/users-round';
import Volume2 from 'lucide-react/icons/volume-2';
import { t } from '../../lib/i18n.js';

export const TEMPLATES = [
  { id: 'gaming', label: t('Игровой'), icon: Gamepad2,
    channels: [[t('общий'), 'TEXT'], [t('игра'), 'TEXT'], [t('голосовой'), 'VOICE']] },
  { id: 'community', label: t('Сообщество'), icon: UsersRound,
    channels: [[t('добро-пожаловать'), 'TEXT'], [t('общение'), 'TEXT'], [t('новости'), 'TEXT']] },
  { id: 'custom', label: t('Свой'), icon: Sparkles, channels: [[t('основной'), 'TEXT']] },
];

export default function TemplatePicker({ value, onChange, disabled }) {
  return (
    <fieldset className="template-picker" disabled={disabled}>
      <legend className="field__label">{t('Шаблон')}</legend>
      <div className="template-picker__options">
        {TEMPLATES.map(({ id, label, icon: Icon, channels }) => (
          <label key={id} className="template-card">
            <input type="radio" name="template" value={id} checked={value === id}
              onChange={() => onChange(id)} className="template-card__radio" />
            <span className="template-card__head">
              <span className="template-card__icon" aria-hidden="true"><Icon size={18} /></span>
              <span className="template-card__label">{label}</span>
            </span>
            <span className="template-card__channels">
              {channels.map(([name, type]) => (
                <span key={name} className="template-card__channel">
                  {type === 'VOICE' ? <Volume2 size={12} aria-hidden="true" /> : <Hash size={12} aria-hidden="true" />}
                  {name}
                </span>
              ))}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
