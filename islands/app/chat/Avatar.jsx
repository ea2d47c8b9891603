import { useState } from 'react';
import { firstLetter, serverColor } from '../data/format.js';

/** The author's picture, or their initial on a colour derived from their name. */
export default function Avatar({ author, size = 40 }) {
  const [broken, setBroken] = useState(false);
  const name = author?.username || '?';
  const style = { width: size, height: size };
  if (author?.profileImageUrl && !broken) {
    return <img className="chat-avatar" src={author.profileImageUrl} alt="" style={style} loading="lazy"
      onError={() => setBroken(true)} />;
  }
  return (
    <span className="chat-avatar chat-avatar--letter" aria-hidden="true"
      style={{ ...style, background: serverColor(author?.id ?? 0, name), fontSize: size * 0.42 }}>
      {firstLetter(name, '?')}
    </span>
  );
}
