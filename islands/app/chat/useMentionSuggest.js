// The composer's '@' autocomplete: '@' and the start of a name open a list of who can read the
// channel (a server's members — GET /api/servers/{id}/members, fetched with the first '@' — or the
// other person of a DM); arrows move, Enter or Tab picks, Escape closes. '@everyone' is offered to
// the server's owner and moderators only (from anyone else the server keeps it as plain text).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useServer } from '../data/queries.js';
import { asList, membersQuery } from '../settings/queries.js';
import { mentionAt } from './mentions.js';

const MODERATORS = new Set(['owner', 'moderator']);

// Who to offer (`suggest`) comes with the list's code, MentionList.jsx, loaded with the first '@'
// typed: until then there is nothing to offer (the members are being fetched meanwhile anyway).
let list = null; // the loaded module
const loadList = () => import('./MentionList.jsx').then((module) => { list = module; });

function usePeople(channel, me, wanted) {
  const dm = channel.type === 'DM';
  const serverId = dm ? null : channel.serverId ?? null;
  const { data: server } = useServer(serverId);
  const { data } = useQuery({ ...membersQuery(serverId), enabled: serverId != null && wanted });
  const people = dm
    ? [channel.recipient].filter(Boolean)
    : asList(data, 'members').map((member) => member.user).filter((user) => user && user.id !== me?.id);
  return { people, everyone: !dm && MODERATORS.has(server?.myRole) };
}

/**
 * `text`/`setText`: the composer's; `box`: its textarea. → {options, active, open, listId,
 * optionId, follow(value, caret), onKeyDown(event) → handled, pick(option)}.
 */
export default function useMentionSuggest({ channel, me, text, setText, box }) {
  const [token, setToken] = useState(null); // {start, query}: the '@word' at the caret
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(null); // the token start Escape closed
  const caretAfter = useRef(null);
  const [, setListLoaded] = useState(list != null);
  const { people, everyone } = usePeople(channel, me, token != null);
  useEffect(() => {
    if (token != null && !list) loadList().then(() => setListLoaded(true), () => {});
  }, [token]);
  const options = token && list ? list.suggest(people, token.query, { everyone }) : [];
  const open = token != null && dismissed !== token.start && options.length > 0;
  const listId = `mentions-${channel.id}`;
  const optionId = (index) => `${listId}-${index}`;

  useLayoutEffect(() => {
    if (caretAfter.current == null || !box.current) return;
    box.current.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  }, [text, box]);

  /** The text or the caret moved: is an '@word' being typed? */
  function follow(value, caret) {
    const found = caret == null ? null : mentionAt(value, caret);
    if (found?.start === token?.start && found?.query === token?.query) return;
    setToken(found);
    setActive(0);
    if (!found || found.start !== dismissed) setDismissed(null);
  }

  function pick(option) {
    if (!token || !option) return;
    const end = token.start + 1 + token.query.length;
    const insert = `@${option.username} `;
    caretAfter.current = token.start + insert.length;
    setText(text.slice(0, token.start) + insert + text.slice(end).replace(/^ /, ''));
    setToken(null);
    box.current?.focus();
  }

  function onKeyDown(event) {
    if (!open || event.nativeEvent.isComposing) return false;
    const last = options.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step > last ? 0 : index + step < 0 ? last : index + step));
    } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      pick(options[Math.min(active, last)]);
    } else if (event.key === 'Escape') {
      setDismissed(token.start);
    } else {
      return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  }

  return { options, active: Math.min(active, Math.max(options.length - 1, 0)), open, listId, optionId, follow, onKeyDown, pick, setActive };
}
