// The command palette and quick switcher (spec 001 "Command palette"): cmdk does the filtering and
// the keyboard. Empty, it shows the commands and the places visited last; typed into, it also finds
// every server, channel, friend and DM the user can see, ranked by match and then by recent use.
// 'Недавние каналы' turns it to a page of recent channels (Backspace on the empty box goes back).
// Loaded when first opened.
import { Command, defaultFilter, useCommandState } from 'cmdk';
import Hash from 'lucide-react/icons/hash';
import MessageCircle from 'lucide-react/icons/message-circle';
import Volume2 from 'lucide-react/icons/volume-2';
import { useEffect, useMemo, useRef, useState } from 'react';
import { channelPath, navigate, serverPath } from '../router.js';
import Modal from '../ui/Modal.jsx';
import ServerIcon from '../ui/ServerIcon.jsx';
import { commands } from './commands.js';
import { usePlaces, useRecency } from './places.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import { t } from '../../lib/i18n.js';

// 'search ' (or the word in the page's language) first: the message search command.
const SEARCH_WORDS = ['search', t('поиск')];
const searchFirst = (typed) => SEARCH_WORDS.some((word) => typed.toLowerCase().startsWith(`${word} `));
/** 'search кот' → 'кот', for the search dialog to open with. */
const searchText = (typed) => (searchFirst(typed) ? typed.slice(typed.indexOf(' ') + 1).trim() : '');
const SHOWN_RECENT = 5;

function Footer({ search }) {
  const count = useCommandState((state) => state.filtered.count);
  return (
    <footer className="palette__footer">
      <span>{t('↑↓ — выбор · Enter — выполнить · Esc — закрыть')}</span>
      <span aria-live="polite">{search ? t('Найдено: {count}', { count }) : t('Начните вводить команду')}</span>
    </footer>
  );
}

const dmPath = (person) => `/app/friends?dm=${person.id}`;

function ChannelItem({ channel, server, onSelect }) {
  return (
    <Command.Item value={`channel:${channel.id}`} className="palette__item" onSelect={onSelect}
      keywords={[channel.name, server.name, t('канал')]}>
      {channel.type === 'VOICE' ? <Volume2 size={16} aria-hidden="true" /> : <Hash size={16} aria-hidden="true" />}
      <span className="palette__label">{channel.name}</span>
      <span className="palette__description">{server.name}</span>
    </Command.Item>
  );
}

function PersonItem({ person, onSelect }) {
  return (
    <Command.Item value={`dm:${person.id}`} className="palette__item" onSelect={onSelect}
      keywords={[person.username, person.name, person.firstName, person.lastName, t('личные сообщения')].filter(Boolean)}>
      <MessageCircle size={16} aria-hidden="true" />
      <span className="palette__label">{person.name}</span>
      <span className="palette__description">@{person.username}</span>
    </Command.Item>
  );
}

function ServerItem({ server, onSelect }) {
  return (
    <Command.Item value={`server:${server.id}`} className="palette__item" onSelect={onSelect}
      keywords={[server.name, server.description ?? '', t('сервер')]}>
      <ServerIcon server={server} size={20} />
      <span className="palette__label">{server.name}</span>
    </Command.Item>
  );
}

export default function Palette({ csrfToken, prefill = '', onClose }) {
  const [search, setSearch] = useState(prefill);
  const [page, setPage] = useState('root');
  const places = usePlaces();
  const recency = useRecency();
  const input = useRef(null);
  // The input's autoFocus acts before the Modal opens its dialog (a closed dialog's field takes no
  // focus), and the dialog then focuses its first focusable element: cmdk's root. This runs after
  // the Modal's own effect (a child's effects run first), so the caret lands in the input.
  useEffect(() => {
    const field = input.current;
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length); // after a prefilled 'search '
  }, []);
  const run = (action) => () => { onClose(); action(); };
  const go = (path) => run(() => navigate(path));
  const showRecent = () => { setSearch(''); setPage('recent'); };
  const list = commands({ csrfToken, showRecent, searchText: searchText(search) });

  // Every place by its recency key, newest first: the recent group and the recent page.
  const recent = useMemo(() => {
    const byKey = new Map([
      ...places.servers.map((server) => [`server:${server.id}`, { server }]),
      ...places.channels.map((item) => [`channel:${item.channel.id}`, item]),
      ...places.people.map((person) => [`dm:${person.id}`, { person }]),
    ]);
    return [...recency.keys()].filter((key) => byKey.has(key)).map((key) => ({ key, ...byKey.get(key) }));
  }, [places, recency]);

  // cmdk's own fuzzy score, raised when the name itself begins with what is typed (or has a word
  // that does: 'игр' finds the channel 'игра' before a command that merely holds those letters),
  // then by recent use (the newest place up to twice as high). A channel found only by its
  // server's name ranks below the server itself.
  const filter = (value, typed, keywords) => {
    if (value === 'command:search' && searchFirst(typed)) return 10;
    let score = defaultFilter(value, typed, keywords);
    if (score && value.startsWith('channel:') && !defaultFilter(keywords[0], typed)) score *= 0.3;
    const name = (keywords[0] ?? '').toLowerCase();
    const asked = typed.trim().toLowerCase();
    if (score && asked && name.startsWith(asked)) score += 1;
    else if (score && asked && name.split(/[\s_-]+/).some((word) => word.startsWith(asked))) score += 0.5;
    const rank = recency.get(value);
    return score && rank != null ? score * (2 - rank / Math.max(recency.size, 1)) : score;
  };

  const typed = search.trim() !== '';
  const item = (entry) => (entry.channel ? <ChannelItem key={entry.key} {...entry} onSelect={go(channelPath(entry.server.id, entry.channel.id))} />
    : entry.person ? <PersonItem key={entry.key} person={entry.person} onSelect={go(dmPath(entry.person))} />
      : <ServerItem key={entry.key} server={entry.server} onSelect={go(serverPath(entry.server.id))} />);

  const commandKeywords = (command) => [command.label, command.description, command.category, ...(command.keywords ?? [])];
  const groups = [
    { key: 'commands', scores: list.map((command) => [`command:${command.id}`, commandKeywords(command)]),
      node: (
        <Command.Group key="commands" heading={t('Команды')}>
          {list.map((command) => (
            <Command.Item key={command.id} value={`command:${command.id}`} className="palette__item"
              keywords={commandKeywords(command)} onSelect={command.stay ? command.run : run(command.run)}>
              <span className="palette__label">{command.label}</span>
              <span className="palette__description">{command.description}</span>
              {command.shortcut && <kbd className="palette__kbd">{command.shortcut}</kbd>}
            </Command.Item>
          ))}
        </Command.Group>
      ) },
    ...(typed ? [
      { key: 'servers', scores: places.servers.map((server) => [`server:${server.id}`, [server.name]]),
        node: <Command.Group key="servers" heading={t('Серверы')}>
          {places.servers.map((server) => item({ key: `server:${server.id}`, server }))}
        </Command.Group> },
      { key: 'channels', scores: places.channels.map(({ channel, server }) => [`channel:${channel.id}`, [channel.name, server.name]]),
        node: <Command.Group key="channels" heading={t('Каналы')}>
          {places.channels.map((entry) => item({ key: `channel:${entry.channel.id}`, ...entry }))}
        </Command.Group> },
      { key: 'people', scores: places.people.map((person) => [`dm:${person.id}`, [person.username, person.name]]),
        node: <Command.Group key="people" heading={t('Друзья и личные сообщения')}>
          {places.people.map((person) => item({ key: `dm:${person.id}`, person }))}
        </Command.Group> },
    ] : []),
  ];
  // cmdk sorts the items within a group but not the groups themselves (it looks a group up by its
  // id in an attribute that holds its value): the group holding the best match comes first here.
  const best = (group) => Math.max(0, ...group.scores.map(([value, words]) => filter(value, search, words)));
  const byBestMatch = (all) => all.map((group) => [best(group), group]).sort((a, b) => b[0] - a[0]).map(([, group]) => group);

  return (
    <Modal label={t('Командная палитра')} size="md" className="palette" onClose={onClose}>
      <Command label={t('Командная палитра')} loop filter={filter}
        onKeyDown={(event) => {
          if (page !== 'root' && event.key === 'Backspace' && !search) { event.preventDefault(); setPage('root'); }
        }}>
        <Command.Input ref={input} className="palette__input" value={search} onValueChange={setSearch}
          placeholder={page === 'recent' ? t('Недавние каналы...') : t('Введите команду...')} />
        <Command.List className="palette__list">
          <Command.Empty className="palette__empty">
            {page === 'recent' && !typed ? t('Вы ещё не открывали каналы') : t('Команды не найдены')}
          </Command.Empty>
          {page === 'recent' ? (
            <Command.Group value="recent-channels" heading={t('Недавние каналы')}>
              {recent.filter((entry) => entry.channel).map(item)}
            </Command.Group>
          ) : (
            <>
              {(typed ? byBestMatch(groups) : groups).map((group) => group.node)}
              {!typed && recent.length > 0 && (
                <Command.Group value="recent" heading={t('Недавние')}>{recent.slice(0, SHOWN_RECENT).map(item)}</Command.Group>
              )}
            </>
          )}
        </Command.List>
        <Footer search={typed || page === 'recent'} />
      </Command>
    </Modal>
  );
}
