// One server in the rail: its icon (round; a squircle when open or hovered), a pill at the rail's
// edge (a dot while something is unread there, tall for the open server), the red mention count,
// its name in a tooltip. A click opens the server where the person last was in it; the pointer or
// the focus resting on it fetches the server ahead (./prefetch.js); a right click, a long press or
// the Menu key opens its menu (./RailServerMenu.jsx, loaded then). `dnd`: the sortable part's props
// while it is loaded (./SortableServers.jsx).
import { lazy, Suspense } from 'react';
import { countLabel, serverSum, useUnread } from '../data/unread.js';
import { navigate, serverPath } from '../router.js';
import ServerIcon from '../ui/ServerIcon.jsx';
import { useContextMenu } from '../ui/useContextMenu.js';
import { unreadWords } from '../sidebar/UnreadBadge.jsx';
import { together } from './handlers.js';
import { placeIn } from './lastPlace.js';
import { usePrefetchOnRest } from './prefetch.js';
import { tooltipFor } from './RailTooltip.jsx';
import { t } from '../../lib/i18n.js';

const RailServerMenu = lazy(() => import('./RailServerMenu.jsx'));

function isPlainLeftClick(event) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export default function RailServer({ server, active, userId, dnd = null }) {
  const menu = useContextMenu();
  const unread = useUnread((state) => serverSum(state.channels, server.id).unread);
  const mentions = useUnread((state) => serverSum(state.channels, server.id).mentions);
  const prefetch = usePrefetchOnRest(server.id, active);
  const waiting = unread > 0 ? (mentions > 0 ? unreadWords(0, mentions) : t('есть непрочитанные сообщения')) : '';
  const label = waiting ? `${server.name}, ${waiting}` : server.name;
  const open = (event) => {
    if (event.defaultPrevented || !isPlainLeftClick(event)) return; // a new tab keeps its own way
    event.preventDefault();
    if (!active) navigate(placeIn(server.id)); // the open one stays where it is, as in Discord
  };
  const classes = ['rail-item', active && 'is-active', unread > 0 && 'is-unread', dnd?.isDragging && 'is-dragging']
    .filter(Boolean).join(' ');
  return (
    <li ref={dnd?.setNodeRef} style={dnd?.style} className={classes} data-server-id={server.id}>
      <span className="rail-item__pill" aria-hidden="true" />
      <a href={serverPath(server.id)} className="rail-item__button" aria-label={label} draggable={false}
        aria-current={active ? 'true' : undefined} aria-describedby={dnd?.describedBy}
        {...together(tooltipFor(server.name), prefetch, menu.bind, dnd?.listeners, { onClick: open })}>
        <ServerIcon server={server} size={48} className="rail-item__icon" />
      </a>
      {mentions > 0 && <span className="rail-item__count" aria-hidden="true">{countLabel(mentions)}</span>}
      {menu.wanted && (
        <Suspense fallback={null}><RailServerMenu {...menu.props} server={server} userId={userId} /></Suspense>
      )}
    </li>
  );
}
