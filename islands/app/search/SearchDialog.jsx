// The global search dialog (spec 001 "Global search dialog"): one input, tabs Все / Сервер /
// Пользователь / Сообщение, arrow keys walk the results, Enter or a click opens one, Escape closes.
// Beyond the spec (which only logs the choice): a message opens its channel scrolled to it and
// highlighted, however old (chat/jump.js), a server its page; a person just closes the dialog
// (there is no profile page yet). Under 2 characters: the operators' hints (SearchHints).
import { useEffect, useMemo, useRef, useState } from 'react';
import Loader2 from 'lucide-react/icons/loader-circle';
import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import { requestJump } from '../chat/jump.js';
import { navigate, channelPath, serverPath } from '../router.js';
import EmptyState from '../ui/EmptyState.jsx';
import Modal from '../ui/Modal.jsx';
import { useDebounced } from '../ui/useDebounced.js';
import { matcher } from './highlight.js';
import { freeText, hasOperators, withHint } from './operators.js';
import { TABS, searchable, useMessageResults, useServerResults, useUserResults } from './queries.js';
import { resultRows } from './results.js';
import ResultRow from './ResultRow.jsx';
import SearchFooter from './SearchFooter.jsx';
import SearchHints from './SearchHints.jsx';
import { t } from '../../lib/i18n.js';
import { useSearchDialog } from './store.js';

const optionId = (index) => `search-option-${index}`;
const shown = (tab, kind, query) => ((tab === 'all' || tab === kind) && query.data) || [];

function open(row, onClose) {
  onClose();
  if (row.kind === 'message') {
    requestJump(row.message.channelId, row.message.id); // the chat view scrolls back to it
    navigate(channelPath(row.message.serverId, row.message.channelId));
  }
  if (row.kind === 'server') navigate(serverPath(row.server.id));
}

export default function SearchDialog({ onClose }) {
  const [text, setText] = useState(() => useSearchDialog.getState().query);
  const [tab, setTab] = useState('all');
  const [selected, setSelected] = useState(0);
  const settled = useDebounced(text, 300);
  const servers = useServerResults(settled, tab);
  const users = useUserResults(settled, tab);
  const messages = useMessageResults(settled, tab);
  const active = searchable(settled);
  const onlyMessages = hasOperators(settled); // operators narrow messages: no server or person has them
  const rows = useMemo(() => (active ? resultRows(settled, {
    servers: onlyMessages ? [] : shown(tab, 'servers', servers),
    users: onlyMessages ? [] : shown(tab, 'users', users),
    messages: shown(tab, 'messages', messages),
  }) : []), [active, settled, tab, servers, users, messages, onlyMessages]);
  const patterns = useMemo(
    () => ({ words: matcher(freeText(settled), 'words'), name: matcher(settled, 'substring') }), [settled]);
  const queries = onlyMessages ? [messages] : [servers, users, messages];
  const loading = active && queries.some((query) => query.isLoading);
  const refreshing = active && queries.some((query) => query.isPlaceholderData && query.isFetching);
  const failure = queries.find((query) => query.isError)?.error;
  const current = Math.min(selected, rows.length - 1);
  const input = useRef(null);

  useEffect(() => { input.current?.focus(); }, []); // after the Modal opened its dialog
  useEffect(() => { setSelected(0); }, [settled, tab]);
  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const pickHint = (hint) => {
    const next = withHint(text, hint);
    setText(next);
    requestAnimationFrame(() => { // the caret after the inserted operator, ready for its value
      input.current?.focus();
      input.current?.setSelectionRange(next.length, next.length);
    });
  };

  const onKeyDown = (event) => {
    if (event.nativeEvent.isComposing) return;
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step && rows.length) {
      event.preventDefault();
      setSelected((current + step + rows.length) % rows.length);
    } else if (event.key === 'Enter' && rows[current]) {
      event.preventDefault();
      open(rows[current], onClose);
    }
  };

  return (
    <Modal title={t('Поиск')} labelledBy="search-title" onClose={onClose}>
      <div className="search">
        <label className="search-box search__box">
          <Search size={16} aria-hidden="true" className="search-box__icon" />
          <span className="sr-only">{t('Поиск сообщений, пользователей, серверов')}</span>
          <input ref={input} type="text" className="field__input search-box__input" value={text}
            placeholder={t('Поиск сообщений, пользователей, серверов...')} autoComplete="off" spellCheck={false}
            role="combobox" aria-expanded={rows.length > 0} aria-controls="search-results" aria-autocomplete="list"
            aria-activedescendant={current >= 0 ? optionId(current) : undefined}
            onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} />
        </label>
        <div className="tabs search__tabs" role="tablist" aria-label={t('Что искать')}>
          {TABS.map((item) => (
            <button key={item.id} type="button" role="tab" className="tabs__tab" aria-selected={tab === item.id}
              onClick={() => { setTab(item.id); input.current?.focus(); }}>
              {item.label}
            </button>
          ))}
        </div>
        <div className="search__results" aria-live="polite" aria-busy={loading}>
          {!active && <p className="search__state">{t('Начните печатать для поиска')}</p>}
          {!active && (
            <SearchHints onPick={(hint) => pickHint(hint)} />
          )}
          {loading && !rows.length && (
            <p className="search__state">
              <Loader2 size={16} className="search__spinner" aria-hidden="true" />
              {t('Поиск...')}
            </p>
          )}
          {active && !loading && !rows.length && (
            <EmptyState icon={SearchX} title={failure ? t('Не удалось выполнить поиск') : t('Ничего не найдено')}
              text={failure ? failure.message : t('Попробуйте изменить запрос или настройки поиска')} />
          )}
          {rows.length > 0 && (
            <ul id="search-results" role="listbox" aria-label={t('Результаты поиска')}
              className={`search__list${refreshing ? ' is-refreshing' : ''}`}>
              {rows.map((row, index) => (
                <ResultRow key={row.key} row={row} id={optionId(index)} selected={index === current}
                  showKind={tab === 'all'} patterns={patterns} onPick={(picked) => open(picked, onClose)}
                  onHover={() => index !== current && setSelected(index)} />
              ))}
            </ul>
          )}
        </div>
        {active && (
          <SearchFooter count={rows.length} loading={(loading || refreshing) && rows.length > 0} messages={messages}
            showMore={tab === 'all' || tab === 'messages'} />
        )}
      </div>
    </Modal>
  );
}
