// Home at the top of the rail: the friends page with the direct messages beside it, a DM never
// more than one click further from anywhere. The red count: messages waiting in DMs.
import { countLabel, useUnread } from '../data/unread.js';
import { Link } from '../router.js';
import { tooltipFor } from './RailTooltip.jsx';
import { t, tp } from '../../lib/i18n.js';

/** Unread DM messages: the entries without a server. */
function dmUnread(channels) {
  let total = 0;
  for (const entry of Object.values(channels)) if (entry.serverId == null) total += entry.unread ?? 0;
  return total;
}

export default function RailHome({ active, logo }) {
  const waiting = useUnread((state) => dmUnread(state.channels));
  const name = t('Личные сообщения');
  const unread = tp('{count} непрочитанное сообщение|{count} непрочитанных сообщения|{count} непрочитанных сообщений',
    waiting, { count: countLabel(waiting) });
  const label = waiting > 0 ? `${name}, ${unread}` : name;
  return (
    <li className={`rail-item rail-item--home${active ? ' is-active' : ''}${waiting > 0 ? ' is-unread' : ''}`}>
      <span className="rail-item__pill" aria-hidden="true" />
      <Link to="/app/friends" className="rail-item__button" aria-label={label} draggable={false}
        aria-current={active ? 'true' : undefined} {...tooltipFor(name)}>
        <img src={logo} alt="" width={28} height={28} draggable={false} />
      </Link>
      {waiting > 0 && <span className="rail-item__count" aria-hidden="true">{countLabel(waiting)}</span>}
    </li>
  );
}
