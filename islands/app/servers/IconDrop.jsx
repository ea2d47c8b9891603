// The optional server icon: drop an image or pick one; a preview and a remove button. In the
// settings `current` is the icon the server has: shown until a new one is picked, which the
// remove button then takes back (the API replaces an icon but cannot remove one).
import { useEffect, useMemo, useRef, useState } from 'react';
import ImagePlus from 'lucide-react/icons/image-plus';
import Trash2 from 'lucide-react/icons/trash';
import { iconProblem } from './validation.js';
import { t } from '../../lib/i18n.js';

export default function IconDrop({ file, current = null, onChange, error, onError, disabled }) {
  const input = useRef(null);
  const [over, setOver] = useState(false);
  const pickedUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => pickedUrl && URL.revokeObjectURL(pickedUrl), [pickedUrl]);
  const preview = pickedUrl ?? current;

  function take(picked) {
    if (!picked) return;
    const problem = iconProblem(picked);
    onError(problem);
    if (!problem) onChange(picked);
  }

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <span className="field__label" id="icon-label">
        {t('Иконка сервера')} <span className="field__optional">{t('необязательно')}</span>
      </span>
      <div
        className={`icon-drop${over ? ' is-over' : ''}${error ? ' is-invalid' : ''}`}
        onDragOver={(event) => { event.preventDefault(); if (!disabled) setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          if (!disabled) take(event.dataTransfer.files?.[0]);
        }}
      >
        <span className="icon-drop__preview" aria-hidden="true">
          {preview ? <img src={preview} alt="" /> : <ImagePlus size={24} />}
        </span>
        <span className="icon-drop__text">
          <span>{file ? file.name : t('Перетащите изображение сюда')}</span>
          <span className="icon-drop__hint">{t('PNG, JPG, GIF или WebP, до 5MB')}</span>
        </span>
        <span className="icon-drop__actions">
          <button type="button" className="btn btn-ghost btn-sm" disabled={disabled}
            aria-describedby="icon-label" onClick={() => input.current?.click()}>
            {preview ? t('Заменить') : t('Выбрать файл')}
          </button>
          {file && (
            <button type="button" className="icon-button" disabled={disabled}
              aria-label={current ? t('Оставить прежнюю иконку') : t('Убрать иконку')}
              onClick={() => { onChange(null); onError(null); }}>
              <Trash2 size={16} aria-hidden="true" />
            </button>
          )}
        </span>
        <input ref={input} type="file" accept="image/*" hidden className="icon-drop__input" disabled={disabled}
          onChange={(event) => { take(event.target.files?.[0]); event.target.value = ''; }} />
      </div>
      {error && <p className="field__error" id="icon-error" role="alert">{error}</p>}
    </div>
  );
}
