// The performance panel's own measures: frames per second (requestAnimationFrame frames counted
// over each second) and the JS heap in use (performance.memory: Chromium only, coarse, but real).
import { useEffect, useState } from 'react';

export function useFramesPerSecond() {
  const [fps, setFps] = useState(null);
  useEffect(() => {
    let frames = 0;
    let since = performance.now();
    let id = requestAnimationFrame(function tick(now) {
      frames += 1;
      if (now - since >= 1000) {
        setFps(Math.round((frames * 1000) / (now - since)));
        frames = 0;
        since = now;
      }
      id = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(id);
  }, []);
  return fps;
}

const heapMegabytes = () => (performance.memory ? performance.memory.usedJSHeapSize / 2 ** 20 : null);

/** MB of JS heap in use, read each second; null where the browser does not say. */
export function useHeap() {
  const [heap, setHeap] = useState(heapMegabytes);
  useEffect(() => {
    const timer = setInterval(() => setHeap(heapMegabytes()), 1000);
    return () => clearInterval(timer);
  }, []);
  return heap;
}
