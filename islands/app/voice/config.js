// The voice settings the server put in the page seed (lobby/frame.py → `voice`): ICE servers, the
// seat limit, how long a call rings, and the test-only switch that keeps media on loopback.
import { readSeed } from '../data/seed.js';

const STUN = ['stun:stun.l.google.com:19302', 'stun:stun1.l.google.com:19302', 'stun:stun2.l.google.com:19302'];

let settings = null;

export function voiceSettings() {
  if (settings) return settings;
  const seeded = readSeed()?.voice ?? {};
  settings = {
    iceServers: Array.isArray(seeded.iceServers) ? seeded.iceServers : STUN.map((urls) => ({ urls })),
    limit: Number(seeded.limit) || 8,
    loopbackOnly: seeded.loopbackOnly === true,
    ringSeconds: Number(seeded.ringSeconds) || 30, // a DM call rings this long, then ends unanswered
  };
  if (settings.loopbackOnly) settings.iceServers = [];
  return settings;
}

// The spec's numbers (§ limits): per-user volume 0–1, speaking threshold 30, stop delay 500 ms.
export const SPEAKING_LEVEL = 30;
export const SPEAKING_HOLD_MS = 500;

export const AUDIO_CONSTRAINTS = {
  sampleRate: 48000,
  channelCount: 1,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
};
