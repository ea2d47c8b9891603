// Under the results: how many were found, more messages on demand, and the keys to use.
import { t, tp } from '../../lib/i18n.js';

export default function SearchFooter({ count, loading, messages, showMore }) {
  const more = showMore && messages.hasNextPage;
  const found = tp('Найдено: {count} результат|Найдено: {count} результата|Найдено: {count} результатов', count,
    { count: `${count}${more ? '+' : ''}` });
  return (
    <footer className="search__footer">
      <span className="search__count" role="status">
        {loading ? t('Поиск...') : found}
      </span>
      {more && (
        <button type="button" className="btn btn-ghost btn-sm" disabled={messages.isFetchingNextPage}
          onClick={() => messages.fetchNextPage()}>
          {messages.isFetchingNextPage ? t('Загрузка...') : t('Ещё сообщения')}
        </button>
      )}
      <span className="search__keys" aria-hidden="true">
        <kbd>↑</kbd><kbd>↓</kbd> {t('выбор')} <kbd>Enter</kbd> {t('открыть')} <kbd>Esc</kbd> {t('закрыть')}
      </span>
    </footer>
  );
}
