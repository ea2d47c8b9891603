// Under 2 characters the dialog shows the message search's operators (spec: "hints … shown when
// the query is shorter than 2 characters"); a click adds one to the query.
import { HINTS } from './operators.js';
import { t } from '../../lib/i18n.js';

export default function SearchHints({ onPick }) {
  return (
    <div className="search-hints">
      <p className="search-hints__title">{t('Уточните поиск сообщений:')}</p>
      <ul className="search-hints__list" aria-label={t('Подсказки поиска')}>
        {HINTS.map((hint) => (
          <li key={hint.example}>
            <button type="button" className="search-hints__hint" onClick={() => onPick(hint)}>
              <code>{hint.example}</code>
              <span className="search-hints__label">{hint.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
