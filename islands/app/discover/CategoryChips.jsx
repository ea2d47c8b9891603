import { CATEGORIES } from './options.js';
import { t } from '../../lib/i18n.js';

/** The category filter: one pressed chip at a time. */
export default function CategoryChips({ value, onChange }) {
  return (
    <div className="chips" role="group" aria-label={t('Категории')}>
      {CATEGORIES.map((category) => (
        <button key={category.id} type="button" className="chip" aria-pressed={value === category.id}
          onClick={() => onChange(category.id)}>
          {category.label}
        </button>
      ))}
    </div>
  );
}
