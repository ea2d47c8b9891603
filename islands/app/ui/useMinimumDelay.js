import { useEffect, useState } from 'react';

/** False for `ms` after every change of `key`, then true (the overview's minimum skeleton time). */
export function useMinimumDelay(key, ms = 1000) {
  const [done, setDone] = useState({ key, value: false });
  useEffect(() => {
    const timer = setTimeout(() => setDone({ key, value: true }), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return done.key === key && done.value;
}
