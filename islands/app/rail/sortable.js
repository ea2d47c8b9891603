// The rail's sortable part (./SortableServers.jsx, with dnd-kit) loads after the page has settled,
// or at once when the pointer or the keyboard focus enters the rail: a drag or a keyboard move
// finds it there. The plain icons it replaces are links alike; the focus, if it was on one, is put
// back on the same server's icon.
import { create } from 'zustand';
import { hideTooltip } from './RailTooltip.jsx';

export const useSortableCode = create(() => ({ Sortable: null, refocus: null }));

let loading = null;

export function loadSortable() {
  loading ??= import('./SortableServers.jsx').then(({ default: Sortable }) => {
    const focused = document.activeElement?.closest?.('.rail__servers [data-server-id]');
    hideTooltip();
    useSortableCode.setState({ Sortable, refocus: focused ? Number(focused.dataset.serverId) : null });
  }).catch((error) => {
    loading = null; // the next entry into the rail tries again
    console.warn('rail: the sortable part did not load', error);
  });
  return loading;
}
