// The live "is it free?" check for one registration field (spec §4, §5, §9): 2 s after typing
// stops, only for values worth asking about; a 429 pauses every check of the form for 30 s.
import { useEffect, useRef, useState } from 'react';
import { get, isRateLimited } from '../lib/api.js';

const DEBOUNCE_MS = 2000;
const PAUSE_MS = 30000;

export const IDLE = { status: 'idle' };
const CHECKING = { status: 'checking' };
const PAUSED = { status: 'paused' };

/** One pause shared by the checks of a form: `pause.until` is a timestamp. */
export function useCheckPause() {
  return useRef({ until: 0 }).current;
}

/** {status: idle | checking | ok | taken | paused, message?} for `field` holding `value`. */
export function useAvailability(field, value, worthChecking, pause) {
  const [check, setCheck] = useState(IDLE);

  useEffect(() => {
    setCheck(IDLE); // a stale answer would describe the previous value
    if (!worthChecking(value)) return undefined;
    const controller = new AbortController();
    let timer;

    async function run() {
      const left = pause.until - Date.now();
      if (left > 0) {
        setCheck(PAUSED);
        timer = setTimeout(run, left); // resume by itself once the pause is over
        return;
      }
      setCheck(CHECKING);
      try {
        const data = await get(`/api/auth/check-availability?${field}=${encodeURIComponent(value)}`,
          { signal: controller.signal });
        if (isRateLimited(data)) { // spec §4: checks pause for 30 s after a 429
          pause.until = Date.now() + PAUSE_MS;
          setCheck(PAUSED);
          timer = setTimeout(run, PAUSE_MS);
          return;
        }
        const answer = data?.[field];
        setCheck(answer?.available ? { status: 'ok' } : { status: 'taken', message: answer?.message });
      } catch (error) {
        if (controller.signal.aborted) return;
        setCheck(IDLE); // the check is a hint; submitting still tells the truth
      }
    }

    timer = setTimeout(run, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [field, value, worthChecking, pause]);

  return check;
}
