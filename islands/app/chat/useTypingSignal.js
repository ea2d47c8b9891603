// The composer's typing signals (spec §4 "Typing"): `typing {isTyping: true}` when the person
// starts, `false` after 3 s without a key, on blur, on send and on leaving. Remote entries expire
// after 5 s without a refresh, so a long stretch of typing refreshes the start every 4 s.
import { useCallback, useEffect, useRef } from 'react';
import * as socket from '../../lib/socket.js';

const IDLE = 3000;
const REFRESH = 4000;

export default function useTypingSignal(channelId) {
  const since = useRef(0); // when the last start went out; 0 while not typing
  const idle = useRef(null);

  const stop = useCallback(() => {
    clearTimeout(idle.current);
    if (!since.current) return;
    since.current = 0;
    socket.send('typing', { channelId, isTyping: false });
  }, [channelId]);

  const typed = useCallback(() => {
    const now = Date.now();
    if (!since.current || now - since.current > REFRESH) {
      if (socket.send('typing', { channelId, isTyping: true })) since.current = now;
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stop, IDLE);
  }, [channelId, stop]);

  useEffect(() => stop, [stop]);
  return { typed, stop };
}
