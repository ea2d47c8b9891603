// The voice state of this tab (spec "Voice state"): where we sit, who else is there and in what
// state, our own microphone/sound/camera/screen, the media streams to show, devices, the per-user
// volumes, and an incoming call. Media objects live here only to be shown; mesh.js owns them.
import { create } from 'zustand';

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

export const useVoice = create(() => ({
  ...IDLE,
  muted: false, // kept across joins, as users expect of a microphone switch
  deafened: false,
  error: null, // {channelId, message}: shown by that channel's not-connected view
  volumes: {}, // userId → 0..1
  inputs: [],
  outputs: [],
  inputId: '',
  outputId: '',
  incoming: null, // {channelId, fromUserId, fromUsername}
}));

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
