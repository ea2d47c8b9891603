import { useState } from 'react';
import { firstLetter } from '../data/format.js';
import { personColor, personName, usePerson } from '../ui/person.js';

/**
 * A person's face, the same everywhere (ui/person.js): their picture, or the initial of their
 * display name on a colour derived from their id; a new name or picture shows live.
 */
export default function Avatar({ author, size = 40 }) {
  const person = usePerson(author);
  const [broken, setBroken] = useState(null); // the picture that failed to load
  const name = personName(person) || '?';
  const style = { width: size, height: size };
  const picture = person?.profileImageUrl;
  if (picture && broken !== picture) {
    return <img className="chat-avatar" src={picture} alt="" style={style} loading="lazy"
      onError={() => setBroken(picture)} />;
  }
  return (
    <span className="chat-avatar chat-avatar--letter" aria-hidden="true"
      style={{ ...style, background: personColor(person), fontSize: size * 0.42 }}>
      {firstLetter(name, '?')}
    </span>
  );
}
