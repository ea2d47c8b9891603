// A person's picture or initial, with the dot of their status at its corner (none for blocked
// people: their status is not ours to see).
import Avatar from '../chat/Avatar.jsx';
import { statusDot } from './model.js';

export default function PersonAvatar({ person, status, size = 40 }) {
  return (
    <span className="person-avatar">
      <Avatar author={person} size={size} />
      {status && <span className={`person-avatar__dot person-avatar__dot--${statusDot(status)}`} aria-hidden="true" />}
    </span>
  );
}
