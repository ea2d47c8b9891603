// Settings → accessibility → 'Навигация с клавиатуры' (on by default): in the focused message log,
// ↑/↓ move from message to message, Home/End to the first and last, Enter opens the focused
// message's actions as a click does. Off, the keys scroll the log as they do any page.
import { useCallback } from 'react';

const MOVES = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End']);
const ROW = 'li[data-key]';

function target(rows, at, key) {
  if (key === 'Home') return 0;
  if (key === 'End' || at < 0) return rows.length - 1;
  return Math.min(rows.length - 1, Math.max(0, at + (key === 'ArrowUp' ? -1 : 1)));
}

export default function useMessageKeys(scroller) {
  return useCallback((event) => {
    if (!document.documentElement.classList.contains('keyboard-nav')) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const onRow = event.target.matches?.(ROW);
    if (event.key === 'Enter' && onRow) {
      event.preventDefault();
      event.target.click();
      return;
    }
    if (!MOVES.has(event.key) || !(onRow || event.target === scroller.current)) return;
    const rows = [...scroller.current.querySelectorAll(ROW)];
    if (!rows.length) return;
    event.preventDefault();
    const row = rows[target(rows, rows.indexOf(event.target), event.key)];
    row.tabIndex = -1; // focusable by script only: Tab still leaves the log in one step
    row.focus();
    row.scrollIntoView({ block: 'nearest' });
  }, [scroller]);
}
