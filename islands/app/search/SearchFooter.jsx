// Under the results: how many were found, more messages on demand, and the keys to use.
import { plural } from '../data/format.js';

export default function SearchFooter({ count, loading, messages, showMore }) {
  const more = showMore && messages.hasNextPage;
  const found = `Найдено: ${count}${more ? '+' : ''} ${plural(count, ['результат', 'результата', 'результатов'])}`;
  return (
    <footer className="search__footer">
      <span className="search__count" role="status">
        {loading ? 'Поиск...' : found}
      </span>
      {more && (
        <button type="button" className="btn btn-ghost btn-sm" disabled={messages.isFetchingNextPage}
          onClick={() => messages.fetchNextPage()}>
          {messages.isFetchingNextPage ? 'Загрузка...' : 'Ещё сообщения'}
        </button>
      )}
      <span className="search__keys" aria-hidden="true">
        <kbd>↑</kbd><kbd>↓</kbd> выбор <kbd>Enter</kbd> открыть <kbd>Esc</kbd> закрыть
      </span>
    </footer>
  );
}
