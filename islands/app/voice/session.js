// Taking and leaving a seat, and our own switches: the voice client's verbs. Socket frames that
// concern our seat are handled here too (see the contract's `rtc_voice_state` rules). Sounds:
// 'join'/'leave' as people come and go in a voice channel; 'call_end' when a call in a DM ends —
// either side hangs up, the seat is lost, the call is declined or unanswered, or the caller gives
// up before we answered. A call's toasts name the person, never the DM's channel.
import { on, send } from '../../lib/socket.js';
import { playSound } from '../../lib/sounds.js';
import { toast, TOAST_MS } from '../../lib/toast.js';
import { voiceSettings } from './config.js';
import { closeAll, closePeer, offerTo, receiveAnswer, receiveCandidate, receiveOffer, setLocalTrack } from './mesh.js';
import { gainedMicrophone, listDevices, openCamera, openMicrophone, openScreen, stopStream, watchSpeaking } from './media.js';
import { IDLE, MIC_GAIN_MAX, myId, patchParticipant, setVoice, voiceState } from './store.js';
import { MEDIA_REASONS, TEXTS, TOASTS } from './texts.js';

let microphone = null; // our MediaStream
let gained = null; // the microphone through its GainNode: what we send (media.gainedMicrophone)
let stopSpeaking = () => {};
let joinMessage = null; // the messageId of our rtc_join_channel, to match its refusal
let unmuteMessage = null; // our unmute asked while the server mutes us: its refusal is shown

const uuid = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);
const inVoice = () => voiceState().status !== 'idle';
const endSound = (channel) => (channel?.dm ? 'call_end' : 'leave');
const mine = (channelId) => inVoice() && voiceState().channel?.id === channelId;
// Someone coming or going: the spec's join/leave toasts last 3 s.
const joinLeave = (message) => toast.message(message, { duration: TOAST_MS.joinLeave });
const endedText = (channel) => (channel?.dm ? TOASTS.callEnded : TOASTS.disconnected);

function fail(channelId, message) {
  stopMedia();
  setVoice({ ...IDLE, error: { channelId, message } });
  playSound('error');
}

/** Takes a seat in `channel` ({id, name, serverId, dm}); the microphone is opened first. */
export async function joinVoice(channel) {
  if (mine(channel.id)) return;
  if (inVoice()) leaveVoice({ quiet: true });
  setVoice({ ...IDLE, status: 'connecting', channel, error: null, sessionId: uuid() });
  try {
    microphone = await openMicrophone(voiceState().inputId);
  } catch (error) {
    const reason = MEDIA_REASONS[error?.name] ?? error?.message ?? TEXTS.initFailed;
    if (voiceState().channel?.id === channel.id) fail(channel.id, TEXTS.connectFailedBecause(reason));
    return;
  }
  if (voiceState().channel?.id !== channel.id) { // left or moved on while the browser asked
    stopStream(microphone);
    return;
  }
  applyMicrophone();
  listDevices();
  const { muted, deafened, sessionId } = voiceState();
  joinMessage = send('rtc_join_channel', { channelId: channel.id, sessionId, muted, deafened });
  if (!joinMessage) fail(channel.id, TEXTS.connectFailedBecause(TEXTS.linkFailed));
}

function applyMicrophone() {
  const track = microphone.getAudioTracks()[0] ?? null;
  if (track) track.enabled = !voiceState().muted;
  gained?.stop();
  gained = gainedMicrophone(microphone, voiceState().micGain);
  setLocalTrack('audio', gained.track);
  stopSpeaking();
  stopSpeaking = watchSpeaking(microphone, (speaking) => {
    setVoice({ speaking });
    const { channel } = voiceState();
    if (channel) send('voice_activity', { channelId: channel.id, isSpeaking: speaking });
  });
}

function stopMedia() {
  stopSpeaking();
  stopSpeaking = () => {};
  gained?.stop();
  gained = null;
  closeAll();
  const { localCamera, localScreen } = voiceState();
  [microphone, localCamera, localScreen].forEach(stopStream);
  microphone = null;
  joinMessage = null;
}

export function leaveVoice({ quiet = false } = {}) {
  const { channel } = voiceState();
  if (!channel) return;
  stopMedia();
  setVoice({ ...IDLE });
  if (send('rtc_leave_channel', { channelId: channel.id }) == null && !quiet) toast.error(TEXTS.leaveFailed);
  if (!quiet) {
    playSound(endSound(channel));
    joinLeave(endedText(channel));
  }
}

/** The server ended our call (declined, unanswered, hung up on the other side): stop, say why. */
function endCall(message) {
  stopMedia();
  setVoice({ ...IDLE });
  playSound('call_end');
  toast.message(message, { duration: TOAST_MS.joinLeave });
}

const broadcast = (payload) => {
  const { channel } = voiceState();
  if (channel && voiceState().status === 'connected') send('user_state_update', { channelId: channel.id, payload });
};

export function toggleMute() {
  const { muted, deafened, serverMuted, channel } = voiceState();
  if (serverMuted && muted) {
    // The server decides: a timeout still running refuses (its message is shown), one that ended
    // lets it go and our state comes back in its broadcast.
    if (channel) unmuteMessage = send('user_state_update', { channelId: channel.id, payload: { muted: false, deafened: false } });
    return;
  }
  const next = !muted;
  // Spec: unmuting while deafened also brings the sound back (one cannot talk without hearing).
  const patch = !next && deafened ? { muted: false, deafened: false } : { muted: next };
  setVoice(patch);
  microphone?.getAudioTracks().forEach((track) => { track.enabled = !patch.muted; });
  patchParticipant(myId(), patch);
  broadcast(patch);
  toast.message(next ? TOASTS.micOff : TOASTS.micOn);
}

export function toggleDeafen() {
  const { deafened, muted } = voiceState();
  const next = !deafened;
  // Spec: deafening also mutes the microphone; undeafening leaves it as it was before.
  const patch = next ? { deafened: true, muted: true, mutedBeforeDeafen: muted } : { deafened: false, muted: voiceState().mutedBeforeDeafen ?? muted };
  if (voiceState().serverMuted) patch.muted = true; // the sound may come back; the microphone may not
  setVoice(patch);
  microphone?.getAudioTracks().forEach((track) => { track.enabled = !patch.muted; });
  const shared = { deafened: patch.deafened, muted: patch.muted };
  patchParticipant(myId(), shared);
  broadcast(shared);
  toast.message(next ? TOASTS.soundOff : TOASTS.soundOn);
}

export async function toggleCamera() {
  const { localCamera } = voiceState();
  if (localCamera) {
    stopStream(localCamera);
    setLocalTrack('camera', null);
    setVoice({ localCamera: null, video: false });
    patchParticipant(myId(), { video: false });
    broadcast({ video: false });
    return;
  }
  try {
    const stream = await openCamera();
    if (!inVoice()) return stopStream(stream);
    // The state first: a receiver then knows what the track arriving next is for.
    setVoice({ localCamera: stream, video: true });
    patchParticipant(myId(), { video: true });
    broadcast({ video: true });
    setLocalTrack('camera', stream.getVideoTracks()[0]);
  } catch {
    toast.error(TOASTS.cameraFailed);
  }
  return undefined;
}

export async function toggleScreen() {
  const { localScreen } = voiceState();
  if (localScreen) return stopScreen();
  try {
    const stream = await openScreen();
    if (!inVoice()) return stopStream(stream);
    const track = stream.getVideoTracks()[0];
    track.addEventListener('ended', stopScreen); // the browser's own "stop sharing" button
    setVoice({ localScreen: stream, screen: true });
    patchParticipant(myId(), { screen: true });
    broadcast({ screen: true });
    setLocalTrack('screen', track);
  } catch (error) {
    if (error?.name !== 'NotAllowedError') toast.error(TOASTS.screenFailed); // a cancelled picker is no error
  }
  return undefined;
}

function stopScreen() {
  const { localScreen } = voiceState();
  if (!localScreen) return;
  stopStream(localScreen);
  setLocalTrack('screen', null);
  setVoice({ localScreen: null, screen: false });
  patchParticipant(myId(), { screen: false });
  broadcast({ screen: false });
}

export async function chooseInput(deviceId) {
  setVoice({ inputId: deviceId });
  if (!microphone) return;
  try {
    const next = await openMicrophone(deviceId);
    stopStream(microphone);
    microphone = next;
    applyMicrophone();
  } catch (error) {
    toast.error(TEXTS.runtime(MEDIA_REASONS[error?.name] ?? error?.message ?? TEXTS.initFailed));
  }
}

export const chooseOutput = (deviceId) => setVoice({ outputId: deviceId });

export const setVolume = (userId, volume) => setVoice({ volumes: { ...voiceState().volumes, [userId]: Math.min(1, Math.max(0, volume)) } });

/** The microphone's gain, 0–2 (spec), on what we send now and on every later call. */
export function setMicGain(value) {
  const gain = Math.min(MIC_GAIN_MAX, Math.max(0, Number(value) || 0));
  setVoice({ micGain: gain });
  gained?.setGain(gain);
}

// Tests only (loopbackOnly is a test setting): the gain that is applied, and whether every peer is
// sent the gained track (not the raw microphone).
if (voiceSettings().loopbackOnly) {
  window.__lobbyVoice.sentAudio = () => {
    const senders = [...window.__lobbyVoice.peers.values()].map(({ pc }) => pc.getTransceivers()[0]?.sender.track);
    return {
      gain: gained?.node?.gain.value ?? null,
      gainedTrackSent: Boolean(gained?.track) && senders.length > 0 && senders.every((track) => track === gained.track),
    };
  };
}

// ---------- frames about our seat ----------

const byId = (list) => Object.fromEntries((list ?? []).map((state) => [state.userId, state]));

on('rtc_voice_state', (data) => {
  const { channel, sessionId, status } = voiceState();
  if (!channel) return; // another tab's seat: this tab has no media to stop
  if (data.sessionId !== sessionId || data.channelId !== channel.id) {
    // The seat moved to another tab, another channel, or was dropped: stop media, send nothing.
    stopMedia();
    setVoice({ ...IDLE });
    if (data.channelId == null) playSound(endSound(channel)); // dropped; a move elsewhere plays its own join
    joinLeave(data.channelId != null && data.sessionId ? TOASTS.elsewhere : TOASTS.dropped);
    return;
  }
  const participants = byId(data.participants);
  const me = myId();
  setVoice({ status: 'connected', participants });
  applyServerMute(participants[me]);
  if (status === 'connecting') {
    playSound('join');
    // A call we start shows 'Звоним…' until the other person answers; one we answer names them.
    if (!channel.dm) toast.success(TOASTS.connected(channel.name), { duration: TOAST_MS.joinLeave });
    else if (Object.keys(participants).length > 1) joinLeave(TOASTS.callWith(channel.name));
    // The newcomer offers to everyone already there.
    Object.keys(participants).map(Number).filter((id) => id !== me).forEach(offerTo);
  }
});

on('error', (data, frame) => {
  if (unmuteMessage && frame?.messageId === unmuteMessage) {
    unmuteMessage = null;
    toast.error(data.message || TOASTS.serverMuted);
    return;
  }
  if (!joinMessage || frame?.messageId !== joinMessage) return;
  const { channel } = voiceState();
  if (channel && voiceState().status === 'connecting') fail(channel.id, data.message ? TEXTS.connectFailedBecause(data.message) : TEXTS.connectFailed);
});

on('rtc_user_joined', (data) => {
  if (!mine(data.channelId) || data.userId === myId()) return;
  const { participants } = voiceState();
  setVoice({ participants: { ...participants, [data.userId]: { ...data.state, userId: data.userId, username: data.username } } });
  playSound('join');
  joinLeave(voiceState().channel?.dm ? TOASTS.answered(voiceState().channel.name) : TOASTS.joined(data.state?.displayName || data.username));
});

on('rtc_user_left', (data) => {
  const { incoming } = voiceState();
  if (incoming?.channelId === data.channelId && incoming.fromUserId === data.userId) { // they hung up
    setVoice({ incoming: null });
    playSound('call_end');
  }
  if (!mine(data.channelId) || data.userId === myId()) return;
  const { participants } = voiceState();
  const gone = participants[data.userId];
  const { [data.userId]: _, ...rest } = participants;
  setVoice({ participants: rest });
  closePeer(data.userId);
  if (gone && !voiceState().channel?.dm) { // a call's end is told by rtc_call_ended
    playSound('leave');
    joinLeave(TOASTS.left(gone.displayName || gone.username));
  }
});

on('user_state_broadcast', (data) => {
  if (!mine(data.channelId)) return;
  if (data.userId === myId()) applyServerMute(data.state); // our own switches are ours; the server's mute is not
  else patchParticipant(data.userId, data.state);
});

/** Our state as the server has it: a mute by the server (a timeout) switches the microphone off
 * and keeps it off; its end gives the switches back as the server's state has them. */
function applyServerMute(state) {
  const was = voiceState().serverMuted;
  const now = Boolean(state?.serverMuted);
  if (!now && !was) return;
  const patch = now ? { serverMuted: true, muted: true } : { serverMuted: false, muted: Boolean(state.muted), deafened: Boolean(state.deafened) };
  setVoice(patch);
  microphone?.getAudioTracks().forEach((track) => { track.enabled = !patch.muted; });
  patchParticipant(myId(), now ? { ...patch, speaking: false } : patch);
  if (now && !was) toast.message(TOASTS.serverMuted);
  else if (!now && !patch.muted) toast.message(TOASTS.micOn);
}

const description = (data, kind) => data[kind] ?? (data.sdp ? { type: kind, sdp: data.sdp } : null);

on('rtc_offer', (data) => {
  const offer = description(data, 'offer');
  if (mine(data.channelId) && offer) receiveOffer(data.fromUserId, offer);
});
on('rtc_answer', (data) => {
  const answer = description(data, 'answer');
  if (mine(data.channelId) && answer) receiveAnswer(data.fromUserId, answer);
});
on('rtc_ice_candidate', (data) => {
  if (mine(data.channelId)) receiveCandidate(data.fromUserId, data.candidate);
});

// Back after a socket drop: claim the same seat again (a resume, within the server's grace).
on('reconnected', () => {
  const { channel, sessionId, muted, deafened } = voiceState();
  if (channel && sessionId) joinMessage = send('rtc_join_channel', { channelId: channel.id, sessionId, muted, deafened });
});

on('rtc_incoming_call', (data) => {
  if (mine(data.channelId)) return;
  setVoice({ incoming: { channelId: data.channelId, fromUserId: data.fromUserId,
    fromName: data.fromDisplayName || data.fromUsername } });
});

// Our call was declined, or ended by the server: the seat goes next (its rtc_voice_state then
// finds nothing to stop), so the call ends here with the reason.
on('rtc_call_declined', (data) => {
  if (mine(data.channelId)) endCall(TOASTS.declined(voiceState().channel.name));
});

on('rtc_call_ended', (data) => {
  if (!mine(data.channelId)) return;
  const { name } = voiceState().channel;
  if (data.reason === 'unanswered') endCall(TOASTS.unanswered(name));
  else endCall(data.userId != null && data.userId !== myId() ? TOASTS.hungUp(name) : TOASTS.callEnded);
});

/** The incoming-call prompt's answers. */
export function acceptCall() {
  const { incoming } = voiceState();
  if (!incoming) return;
  setVoice({ incoming: null });
  joinVoice({ id: incoming.channelId, name: incoming.fromName, serverId: null, dm: true, userId: incoming.fromUserId });
}

export function declineCall() {
  const { incoming } = voiceState();
  if (!incoming) return;
  setVoice({ incoming: null });
  send('rtc_decline_call', { channelId: incoming.channelId });
}
