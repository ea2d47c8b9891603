// One row of the search dialog: a server, a person or a message, with the query marked.
import Avatar from '../chat/Avatar.jsx';
import ServerIcon from '../ui/ServerIcon.jsx';
import { excerpt } from './highlight.js';
import Highlight from './Highlight.jsx';
import { formatDateTime } from '../../lib/dateTime.js';
import { t } from '../../lib/i18n.js';
import PersonName, { usePersonName } from '../ui/PersonName.jsx';

const KIND_LABELS = { server: t('Сервер'), user: t('Пользователь'), message: t('Сообщение') };


function ServerRow({ server, patterns }) {
  return (
    <>
      <ServerIcon server={server} size={32} />
      <span className="search-row__text">
        <span className="search-row__title truncate"><Highlight text={server.name} pattern={patterns.name} /></span>
        <span className="search-row__meta truncate">
          {server.myRole ? t('Вы участник') : t('Публичный сервер')}
          {server.description ? ` · ${server.description}` : ''}
        </span>
      </span>
    </>
  );
}

function UserRow({ user, patterns }) {
  const name = usePersonName(user); // the one rule (ui/person.js)
  return (
    <>
      <Avatar author={user} size={32} />
      <span className="search-row__text">
        <span className="search-row__title truncate">
          <Highlight text={name} pattern={patterns.name} />
        </span>
        <span className="search-row__meta truncate">@<Highlight text={user.username} pattern={patterns.name} /></span>
      </span>
    </>
  );
}

function MessageRow({ message, patterns }) {
  const sender = message.sender || message.author || {};
  return (
    <>
      <Avatar author={sender} size={32} />
      <span className="search-row__text">
        <span className="search-row__head">
          <PersonName person={sender} className="search-row__title truncate" />
          <span className="search-row__where truncate">
            {`#${message.channelName}${message.serverName ? ` · ${message.serverName}` : ''}`}
          </span>
          <time className="search-row__date" dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </span>
        <span className="search-row__content">
          <Highlight text={excerpt(message.content, patterns.words)} pattern={patterns.words} />
        </span>
      </span>
    </>
  );
}

export default function ResultRow({ row, id, selected, showKind, patterns, onPick, onHover }) {
  return (
    <li id={id} role="option" aria-selected={selected} className={`search-row search-row--${row.kind}`}
      onClick={() => onPick(row)} onMouseMove={onHover}>
      {row.kind === 'server' && <ServerRow server={row.server} patterns={patterns} />}
      {row.kind === 'user' && <UserRow user={row.user} patterns={patterns} />}
      {row.kind === 'message' && <MessageRow message={row.message} patterns={patterns} />}
      {showKind && <span className="badge search-row__kind">{KIND_LABELS[row.kind]}</span>}
    </li>
  );
}
