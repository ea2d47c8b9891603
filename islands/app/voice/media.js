// Local media: the microphone (the spec's constraints) and its gain, the camera, the screen, the
// device lists, and the speaking detector (an AnalyserNode over the microphone).
import { AUDIO_CONSTRAINTS, SPEAKING_HOLD_MS, SPEAKING_LEVEL } from './config.js';
import { setVoice } from './store.js';
import { t } from '../../lib/i18n.js';

export function openMicrophone(deviceId) {
  const audio = deviceId ? { ...AUDIO_CONSTRAINTS, deviceId: { exact: deviceId } } : AUDIO_CONSTRAINTS;
  return navigator.mediaDevices.getUserMedia({ audio, video: false });
}

const audioContext = () => {
  const Context = window.AudioContext || window.webkitAudioContext;
  return Context ? new Context() : null;
};

/**
 * The microphone through a GainNode (spec: gain 0–2): what we send is the gained track, so the
 * others hear the level the person chose. Muting still switches the microphone's own track off,
 * which silences everything after it. → {track, node, setGain(value), stop()}; without Web Audio
 * the microphone's own track, unchanged.
 */
export function gainedMicrophone(stream, gain) {
  const context = audioContext();
  const raw = stream.getAudioTracks()[0] ?? null;
  if (!context || !raw) return { track: raw, node: null, setGain() {}, stop() {} };
  const source = context.createMediaStreamSource(stream);
  const node = context.createGain();
  node.gain.value = gain;
  const destination = context.createMediaStreamDestination();
  source.connect(node).connect(destination);
  context.resume().catch(() => {}); // a join comes from a click, so the page may start audio
  return {
    track: destination.stream.getAudioTracks()[0],
    node,
    setGain(value) {
      node.gain.value = value;
      context.resume().catch(() => {});
    },
    stop() {
      source.disconnect();
      context.close().catch(() => {});
    },
  };
}

export const openCamera = () => navigator.mediaDevices.getUserMedia({
  video: { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 24 } },
  audio: false,
});

export const openScreen = () => navigator.mediaDevices.getDisplayMedia({ video: { frameRate: { ideal: 15 } }, audio: false });

export const stopStream = (stream) => stream?.getTracks().forEach((track) => track.stop());

/** Fills the device choices; labels are known only once a microphone was granted. */
export async function listDevices() {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    const named = (kind, fallback) => devices.filter((device) => device.kind === kind)
      .map((device, n) => ({ id: device.deviceId, label: device.label || fallback(n + 1) }));
    setVoice({
      inputs: named('audioinput', (n) => t('Микрофон {n}', { n })),
      outputs: named('audiooutput', (n) => t('Динамик {n}', { n })),
    });
  } catch {
    setVoice({ inputs: [], outputs: [] });
  }
}

// Whether this browser can send audio to a chosen output (Chromium can, Firefox behind a flag).
export const canChooseOutput = () => typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

/**
 * Watches the microphone's level: `onChange(true)` when the average frequency level passes the
 * spec's threshold, `onChange(false)` after it stayed below for the hold time. → stop function.
 */
export function watchSpeaking(stream, onChange) {
  const context = audioContext();
  if (!context) return () => {};
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  const source = context.createMediaStreamSource(stream);
  source.connect(analyser); // not to the speakers: nobody wants to hear themselves
  const levels = new Uint8Array(analyser.frequencyBinCount);
  let speaking = false;
  let quietSince = 0;
  const timer = setInterval(() => {
    if (context.state === 'suspended') context.resume().catch(() => {});
    analyser.getByteFrequencyData(levels);
    const average = levels.reduce((sum, level) => sum + level, 0) / levels.length;
    const enabled = stream.getAudioTracks().some((track) => track.enabled);
    const now = performance.now();
    if (enabled && average > SPEAKING_LEVEL) {
      quietSince = 0;
      if (!speaking) onChange((speaking = true));
    } else if (speaking) {
      quietSince ||= now;
      if (now - quietSince >= SPEAKING_HOLD_MS || !enabled) onChange((speaking = false));
    }
  }, 100);
  return () => {
    clearInterval(timer);
    source.disconnect();
    context.close().catch(() => {});
  };
}
