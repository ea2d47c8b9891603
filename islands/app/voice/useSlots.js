// The places other islands leave empty for voice (a `[data-voice-roster]` under each voice channel
// of the sidebar, `#topbar-voice` in the top bar): their islands stay free of voice code, and
// this island fills them with portals once it has loaded. They come and go with the route, so a
// MutationObserver keeps the list current.
import { useEffect, useState } from 'react';

const same = (a, b) => a.length === b.length && a.every((item, n) => item === b[n]);

export default function useSlots(selector) {
  const [slots, setSlots] = useState(() => [...document.querySelectorAll(selector)]);
  useEffect(() => {
    const look = () => {
      const found = [...document.querySelectorAll(selector)];
      setSlots((now) => (same(now, found) ? now : found));
    };
    const observer = new MutationObserver(look);
    observer.observe(document.querySelector('.app') ?? document.body, { childList: true, subtree: true });
    look();
    return () => observer.disconnect();
  }, [selector]);
  return slots;
}
