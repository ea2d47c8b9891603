// The composer's typing signals (spec §4 "Typing"): `typing {isTyping: true}` when the person
// starts, `false` after 3 s without a key, on blur, on send and on leaving. Remote entries expire
// after 5 s without a refresh, so a long stretch of typing refreshes the start every 4 s.
// The server tells others at most one start per person and channel every 3 s (and a stop only
// after a start it told): a start within 3 s of the last one (typing again right after a send)
// waits for the end of those 3 s rather than being sent to be dropped.
import { useCallback, useEffect, useRef } from 'react';
import * as socket from '../../lib/socket.js';

const IDLE = 3000;
const REFRESH = 4000;
const GAP = 3300; // the server's TYPING_GAP (3 s), and a margin: it counts from when a start arrives

export default function useTypingSignal(channelId) {
  const since = useRef(0); // when the last start went out; 0 while not typing
  const last = useRef({ channelId: null, at: 0 }); // the last start that went out, typing or not
  const held = useRef(null); // a start waiting for the gap's end
  const idle = useRef(null);

  const stop = useCallback(() => {
    clearTimeout(idle.current);
    clearTimeout(held.current);
    held.current = null;
    if (!since.current) return;
    since.current = 0;
    socket.send('typing', { channelId, isTyping: false });
  }, [channelId]);

  const start = useCallback(() => {
    held.current = null;
    const now = Date.now();
    if (socket.send('typing', { channelId, isTyping: true })) {
      since.current = now;
      last.current = { channelId, at: now };
    }
  }, [channelId]);

  const typed = useCallback(() => {
    const now = Date.now();
    if (!held.current && (!since.current || now - since.current > REFRESH)) {
      const wait = last.current.channelId === channelId ? last.current.at + GAP - now : 0;
      if (wait > 0) held.current = setTimeout(start, wait);
      else start();
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stop, IDLE);
  }, [channelId, start, stop]);

  useEffect(() => stop, [stop]);
  return { typed, stop };
}
