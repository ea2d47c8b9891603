// The product's sounds (spec 000 §9): twelve types, each a short Web Audio tone with its own
// enabled flag, volume, frequency, duration and oscillator type, under one master volume and one
// on/off flag (the settings' notifications.enabled, masterVolume and sounds). They start from the
// settings the /app page carries (lib/pageSettings.js) and follow every change of them
// (app/live/SettingsLive.jsx, which also saves a change made here, such as the chat's bell).
// Browsers let audio start only after a gesture: the AudioContext is made on the first click, tap
// or key press, so nothing is blocked or warned about before that.
import { create } from 'zustand';
import { pageSettings } from './pageSettings.js';

// Default volumes are the spec's; tones use its 800, 700, 600, 400 and 300 Hz.
export const SOUND_DEFAULTS = {
  message: { enabled: true, volume: 0.6, frequency: 800, duration: 0.1, type: 'sine' },
  mention: { enabled: true, volume: 0.8, frequency: 700, duration: 0.18, type: 'triangle' },
  dm: { enabled: true, volume: 0.9, frequency: 600, duration: 0.15, type: 'sine' },
  join: { enabled: true, volume: 0.5, frequency: 600, duration: 0.12, type: 'sine' },
  leave: { enabled: true, volume: 0.4, frequency: 400, duration: 0.12, type: 'sine' },
  call_start: { enabled: true, volume: 0.7, frequency: 700, duration: 0.25, type: 'triangle' },
  call_end: { enabled: true, volume: 0.6, frequency: 300, duration: 0.25, type: 'triangle' },
  reaction: { enabled: true, volume: 0.3, frequency: 800, duration: 0.06, type: 'sine' },
  typing: { enabled: false, volume: 0.2, frequency: 400, duration: 0.04, type: 'sine' },
  connection: { enabled: true, volume: 0.5, frequency: 700, duration: 0.1, type: 'sine' },
  error: { enabled: true, volume: 0.8, frequency: 300, duration: 0.2, type: 'square' },
  success: { enabled: true, volume: 0.6, frequency: 800, duration: 0.12, type: 'sine' },
};
const DEFAULTS = { enabled: true, masterVolume: 0.7, types: SOUND_DEFAULTS };

const clampVolume = (value, fallback) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : fallback);

/** The page's settings over the defaults; anything unreadable or out of range falls back. */
function read() {
  const stored = pageSettings()?.notifications ?? {};
  const types = Object.fromEntries(Object.entries(SOUND_DEFAULTS).map(([name, base]) => {
    const mine = stored.sounds?.[name] ?? {};
    const enabled = typeof mine.enabled === 'boolean' ? mine.enabled : base.enabled;
    return [name, { ...base, enabled, volume: clampVolume(mine.volume, base.volume) }];
  }));
  return {
    enabled: typeof stored.enabled === 'boolean' ? stored.enabled : DEFAULTS.enabled,
    masterVolume: clampVolume(stored.masterVolume, DEFAULTS.masterVolume),
    types,
  };
}

export const useSounds = create(read);

/** Changes the settings: `{enabled}`, `{masterVolume}` or `{types: {mention: {volume}}}`. */
export function setSoundSettings(change) {
  const now = useSounds.getState();
  const types = { ...now.types };
  for (const [name, patch] of Object.entries(change.types ?? {})) {
    if (types[name]) types[name] = { ...types[name], ...patch, volume: clampVolume(patch.volume ?? types[name].volume, 0) };
  }
  useSounds.setState({
    enabled: typeof change.enabled === 'boolean' ? change.enabled : now.enabled,
    masterVolume: clampVolume(change.masterVolume ?? now.masterVolume, now.masterVolume),
    types,
  });
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

/** Plays one of the twelve sounds, unless sounds are off, that type is off, or audio is locked. */
export function playSound(name) {
  const { enabled, masterVolume, types } = useSounds.getState();
  const sound = types[name];
  const volume = sound ? sound.volume * masterVolume : 0;
  if (!enabled || !sound?.enabled || volume <= 0 || !context || context.state !== 'running') return;
  const start = context.currentTime;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = sound.type;
  oscillator.frequency.value = sound.frequency;
  // A soft attack and release: a click-free tone; 0.2 of full scale is loud enough at volume 1.
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.2 * volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + sound.duration);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(start);
  oscillator.stop(start + sound.duration + 0.01);
}
