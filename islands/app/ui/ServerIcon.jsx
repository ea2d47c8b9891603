// A server's icon: its image, or a tile in its derived colour with the first letter.
import { firstLetter, serverColor } from '../data/format.js';

export default function ServerIcon({ server, size = 40, fallback = 'S', className = '' }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (server?.iconUrl) {
    return <img className={`server-icon ${className}`} src={server.iconUrl} alt="" width={size} height={size} style={style} />;
  }
  return (
    <span className={`server-icon server-icon--letter ${className}`} aria-hidden="true"
      style={{ ...style, background: serverColor(server?.id, server?.name) }}>
      {firstLetter(server?.name, fallback)}
    </span>
  );
}
