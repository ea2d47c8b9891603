// The '@' autocomplete's list over the composer: a listbox the textarea points into with
// aria-activedescendant (focus stays in the textarea; a click picks without taking it). With it, who
// the list offers (`suggest`): this file loads with the first '@' typed (useMentionSuggest.js).
import Avatar from './Avatar.jsx';
import { EVERYONE } from './mentions.js';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

export default function MentionList({ mentions }) {
  const { options, active, open, listId, optionId, pick, setActive } = mentions;
  if (!open) return null;
  return (
    <ul id={listId} className="mention-list" role="listbox" aria-label={t('Упомянуть участника')}>
      {options.map((option, index) => {
        const name = [option.firstName, option.lastName].filter(Boolean).join(' ');
        return (
          <li key={option.id} id={optionId(index)} role="option" aria-selected={index === active}
            className={`mention-list__option${index === active ? ' is-active' : ''}`}
            data-username={option.username}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => pick(option)}>
            {option.everyone
              ? <span className="mention-list__everyone" aria-hidden="true">@</span>
              : <Avatar author={option} size={24} />}
            <span className="mention-list__username">@{option.username}</span>
            <span className="mention-list__name">{option.everyone ? t('Уведомить всех участников') : name}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Who the '@query' may mean, best first: username prefix, then a first or last name prefix, then
 * the username containing it. `people`: [{id, username, firstName, lastName, ...}].
 */
export function suggest(people, query, { everyone = false, limit = 8 } = {}) {
  const q = query.toLowerCase();
  const rank = (person) => {
    const username = person.username.toLowerCase();
    if (username.startsWith(q)) return 0;
    if ([person.firstName, person.lastName].some((name) => name?.toLowerCase().startsWith(q))) return 1;
    if (username.includes(q)) return 2;
    return -1;
  };
  const found = people
    .map((person) => ({ person, rank: rank(person) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.person.username.localeCompare(b.person.username))
    .map((entry) => entry.person);
  if (!everyone || !EVERYONE.startsWith(q)) return found.slice(0, limit);
  return [...found.slice(0, limit - 1), { id: EVERYONE, username: EVERYONE, everyone: true }];
}
