// The rail's servers, sortable (dnd-kit): dragged with the mouse, or from the keyboard — Space on a
// server lifts it, ↑/↓ move it, Space puts it down, Escape puts it back — with what happens said to
// screen readers. The new place shows at once and is kept on the server for the person's every
// tab and device (./order.js). Loaded after the page has settled (./sortable.js), so it is not in
// the first load. Touch screens reorder through the server's menu (a long press), not by dragging.
import { closestCenter, DndContext, KeyboardSensor, MouseSensor, useSensor, useSensors } from '@dnd-kit/core';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import { moveServer } from './order.js';
import RailServer from './RailServer.jsx';
import { hideTooltip } from './RailTooltip.jsx';
import { useSortableCode } from './sortable.js';
import { t } from '../../lib/i18n.js';

const KEYS = { start: ['Space'], cancel: ['Escape'], end: ['Space'] }; // Enter stays the link's
const CLICK_AFTER_DROP_MS = 300;

function SortableServer({ server, active, userId }) {
  const sortable = useSortable({ id: server.id });
  const dnd = {
    setNodeRef: sortable.setNodeRef,
    style: { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition },
    listeners: sortable.listeners,
    describedBy: sortable.attributes['aria-describedby'],
    isDragging: sortable.isDragging,
  };
  return <RailServer server={server} active={active} userId={userId} dnd={dnd} />;
}

function useAnnouncements(servers) {
  return useMemo(() => {
    const name = (id) => servers.find((server) => server.id === id)?.name ?? '';
    const place = (id) => servers.findIndex((server) => server.id === id) + 1;
    const total = servers.length;
    return {
      onDragStart: ({ active }) => t('Сервер «{name}» поднят: место {n} из {total}.', { name: name(active.id), n: place(active.id), total }),
      onDragOver: ({ active, over }) => over && t('Сервер «{name}»: место {n} из {total}.', { name: name(active.id), n: place(over.id), total }),
      onDragEnd: ({ active, over }) => over && t('Сервер «{name}» поставлен на место {n} из {total}.', { name: name(active.id), n: place(over.id), total }),
      onDragCancel: ({ active }) => t('Перемещение отменено: сервер «{name}» на месте {n}.', { name: name(active.id), n: place(active.id) }),
    };
  }, [servers]);
}

export default function SortableServers({ servers, activeId, userId }) {
  const queryClient = useQueryClient();
  const list = useRef(null);
  const dropped = useRef(false); // a drag just ended: the click the mouse's release makes is not a click
  const ids = useMemo(() => servers.map((server) => server.id), [servers]);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: KEYS }),
  );
  const announcements = useAnnouncements(servers);

  useLayoutEffect(() => { // the focus was on a plain icon this list replaced: on the same server's now
    const { refocus } = useSortableCode.getState();
    if (refocus == null) return;
    useSortableCode.setState({ refocus: null });
    list.current?.querySelector(`[data-server-id="${refocus}"] .rail-item__button`)?.focus({ preventScroll: true });
  }, []);

  // dnd-kit stops the click a mouse's release makes after a drag (at the document, capturing), so
  // no handler of the page sees it — but a link's own way, to its address, would still be taken:
  // the window sees the click first, and cancels that.
  useEffect(() => {
    const cancel = (event) => dropped.current && event.preventDefault();
    window.addEventListener('click', cancel, true);
    return () => window.removeEventListener('click', cancel, true);
  }, []);

  const end = ({ active, over }) => {
    dropped.current = true; // the release's click may come in a task of its own: a moment, not the next tick
    setTimeout(() => { dropped.current = false; }, CLICK_AFTER_DROP_MS);
    if (over && active.id !== over.id) moveServer(queryClient, active.id, ids.indexOf(over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={[restrictToVerticalAxis]}
      onDragStart={hideTooltip} onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t('Чтобы переместить сервер, нажмите пробел, выберите место стрелками вверх и вниз и нажмите пробел ещё раз; Escape отменяет.'),
        },
      }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul ref={list} className="rail__list rail__servers" aria-label={t('Ваши серверы')}>
          {servers.map((server) => <SortableServer key={server.id} server={server} active={server.id === activeId} userId={userId} />)}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
