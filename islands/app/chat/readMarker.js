// A chat view's part in what is read (data/unread.js):
// - where the 'Новые сообщения' divider goes: after the stored marker as it stood when the channel
//   was opened; it stays while the view is open, even once the marker moved (like Discord). When
//   nothing was unread on opening, the first message that comes while the view is not seen sets it.
// - marking read: while the window is visible and focused and the newest message is on screen,
//   the marker moves to it (markRead debounces, and never posts at or below the marker).
import { useCallback, useEffect, useRef, useState } from 'react';
import { markRead, setViewing, useUnread } from '../data/unread.js';

const windowSeen = () => document.visibilityState === 'visible' && document.hasFocus();

/** The last message row is (at least partly) inside the scroller's box. */
function newestOnScreen(scroller) {
  if (!scroller) return false;
  const rows = scroller.querySelectorAll('li.message');
  const last = rows[rows.length - 1];
  if (!last) return true;
  const box = scroller.getBoundingClientRect();
  const row = last.getBoundingClientRect();
  return row.top < box.bottom - 4 && row.bottom > box.top;
}

/** → {unreadAfter: the id after which the divider goes, or null; check(): call after a scroll}. */
export default function useReadMarker(channel, scrollerRef, newestId) {
  const channelId = channel.id;
  const serverId = channel.serverId ?? null;
  const loaded = useUnread((state) => state.loaded);
  const entry = useUnread((state) => state.channels[channelId]);
  const seeing = useUnread((state) => state.viewing?.channelId === channelId && state.viewing.seeing);
  const [unreadAfter, setUnreadAfter] = useState(null);
  const opened = useRef(false); // the marker at opening was looked at
  const newest = useRef(newestId);
  newest.current = newestId;

  const check = useCallback(() => {
    const seen = windowSeen() && newestOnScreen(scrollerRef.current);
    setViewing({ channelId, serverId, seeing: seen });
    if (seen && newest.current != null) markRead(channelId, newest.current);
  }, [channelId, serverId, scrollerRef]);

  useEffect(() => {
    setViewing({ channelId, serverId, seeing: false });
    window.addEventListener('focus', check);
    window.addEventListener('blur', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      window.removeEventListener('blur', check);
      document.removeEventListener('visibilitychange', check);
      if (useUnread.getState().viewing?.channelId === channelId) setViewing(null);
    };
  }, [channelId, serverId, check]);

  useEffect(() => {
    if (!loaded || unreadAfter != null) return;
    const something = entry && (entry.unread > 0 || entry.mentions > 0);
    if (!opened.current) {
      opened.current = true;
      if (something) setUnreadAfter(entry.lastReadId ?? 0);
    } else if (something && !seeing) {
      setUnreadAfter(entry.lastReadId ?? 0);
    }
  }, [loaded, entry, seeing, unreadAfter]);

  // New messages, the unread picture arriving or changing: maybe mark read.
  useEffect(check, [check, newestId, loaded, entry]);

  return { unreadAfter, check };
}
