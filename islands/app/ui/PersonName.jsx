// A person's name as it shows everywhere (ui/person.js): their display name, live. `handle` adds
// their @username after it (the profile card and mentions show the username; nothing else does).
import { personName, usePerson } from './person.js';

export default function PersonName({ person, className = '', handle = false, fallback = '' }) {
  const live = usePerson(person);
  const name = personName(live) || fallback;
  return (
    <span className={`person-name${className ? ` ${className}` : ''}`} data-person-id={live?.id ?? undefined}>
      {name}
      {handle && live?.username && <span className="person-name__handle"> @{live.username}</span>}
    </span>
  );
}

/** The same name as text (a label, a title): a hook, so it follows live changes too. */
export function usePersonName(person, fallback = '') {
  return personName(usePerson(person)) || fallback;
}
