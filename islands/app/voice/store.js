// The voice state of this tab (spec "Voice state"): where we sit, who else is there and in what
// state, our own microphone/sound/camera/screen, the media streams to show, devices, the per-user
// volumes, and an incoming call. Media objects live here only to be shown; mesh.js owns them.
import { create } from 'zustand';
import { remembered } from '../../lib/remembered.js';

export const IDLE = {
  status: 'idle', // 'idle' | 'connecting' | 'connected'
  channel: null, // {id, name, serverId, dm: bool}
  sessionId: null,
  participants: {}, // userId → {userId, username, muted, deafened, video, screen, speaking}
  remote: {}, // userId → {audio, camera, screen} MediaStreams
  localCamera: null,
  localScreen: null,
  speaking: false,
  video: false,
  screen: false,
  serverMuted: false, // a timeout on the seat's server: our microphone stays off until the server lets it
};

// The person's own choices outlast a call and the page (a call never resets them): the microphone
// and sound switches, chosen in or out of voice, and the microphone's gain.
export const MIC_GAIN_MAX = 2; // spec: microphone gain 0–2

export const useVoice = create(remembered('lobby.voice', ['muted', 'deafened', 'micGain'])(() => ({
  ...IDLE,
  muted: false,
  deafened: false,
  micGain: 1, // 0..MIC_GAIN_MAX: a GainNode between the microphone and what we send (media.js)
  error: null, // {channelId, message}: shown by that channel's not-connected view
  volumes: {}, // userId → 0..1
  inputs: [],
  outputs: [],
  inputId: '',
  outputId: '',
  incoming: null, // {channelId, fromUserId, fromName}: who calls, by their shown name
})));

export const voiceState = () => useVoice.getState();
export const setVoice = (patch) => useVoice.setState(patch);

export function patchParticipant(userId, patch) {
  const { participants } = voiceState();
  if (!participants[userId]) return;
  setVoice({ participants: { ...participants, [userId]: { ...participants[userId], ...patch } } });
}

export function patchRemote(userId, patch) {
  const { remote } = voiceState();
  setVoice({ remote: { ...remote, [userId]: { ...remote[userId], ...patch } } });
}

/** The signed-in user's id: the app-shell island's props carry it on every /app page. */
let me = null;
export function myId() {
  if (me == null) {
    try {
      me = JSON.parse(document.querySelector('[data-island="app-shell"]')?.dataset.props || '{}').user?.id ?? null;
    } catch {
      me = null;
    }
  }
  return me;
}
