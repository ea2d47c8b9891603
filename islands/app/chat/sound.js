// The short beep on other people's messages (spec §4: 800 Hz, about 0.1 s) and its mute toggle,
// remembered in localStorage. Browsers let audio start only after a gesture: the AudioContext
// is made on the first click, tap or key press, so nothing is blocked or warned about before that.
import { create } from 'zustand';

const KEY = 'lobby.chat.muted';

const readMuted = () => {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

export const useSound = create(() => ({ muted: readMuted() }));

export function toggleMuted() {
  const muted = !useSound.getState().muted;
  useSound.setState({ muted });
  try {
    localStorage.setItem(KEY, muted ? '1' : '0');
  } catch {
    // private mode: remembered for this page only
  }
}

let context = null;

function unlock() {
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio || navigator.userActivation?.isActive === false) return; // not a gesture that may start audio
  if (context?.state === 'running') return;
  try {
    context ??= new Audio();
    if (context.state === 'suspended') context.resume().catch(() => {});
  } catch {
    context = null;
  }
}

for (const type of ['pointerup', 'click', 'keydown']) document.addEventListener(type, unlock, { capture: true, passive: true });

export function beep() {
  if (useSound.getState().muted || !context || context.state !== 'running') return;
  const start = context.currentTime;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = 800;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.12, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.1);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(start);
  oscillator.stop(start + 0.11);
}
