// The mesh: one RTCPeerConnection per other participant. Each carries three transceivers in a fixed
// order — microphone, camera, screen — negotiated once as sendrecv, so turning the camera or the
// screen on or off is a replaceTrack with no new offer, and the receiver knows a track's kind by
// its transceiver's place. The newcomer offers (contract); later offers (an ICE restart, a moved
// tab) follow perfect negotiation, where the peer with the lower userId is the polite one.
import { send } from '../../lib/socket.js';
import { voiceSettings } from './config.js';
import { myId, patchRemote, setVoice, voiceState } from './store.js';

const KINDS = ['audio', 'camera', 'screen'];
const peers = new Map(); // userId → {pc, polite, makingOffer, ignoreOffer, pending: [candidate]}
const local = { audio: null, camera: null, screen: null }; // the tracks we send

// Tests only (loopbackOnly is a test setting): lets a test read the peers' getStats().
if (voiceSettings().loopbackOnly) window.__lobbyVoice = { peers };

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]']);
/** The address field of an ICE candidate line ("candidate:f 1 udp prio ADDRESS port typ ..."). */
const candidateAddress = (line) => (line || '').replace(/^a=/, '').split(' ')[4];
const allowed = (candidate) => !voiceSettings().loopbackOnly || LOOPBACK.has(candidateAddress(candidate?.candidate));

export const peerCount = () => peers.size;

function createPeer(userId, offerer) {
  const { iceServers } = voiceSettings();
  const pc = new RTCPeerConnection({ iceServers, iceCandidatePoolSize: 10, bundlePolicy: 'max-bundle' });
  const peer = { pc, polite: myId() < userId, makingOffer: false, ignoreOffer: false, pending: [] };
  peers.set(userId, peer);
  if (offerer) {
    addTransceiver(pc, 'audio', local.audio);
    addTransceiver(pc, 'video', local.camera);
    addTransceiver(pc, 'video', local.screen);
  }
  pc.onicecandidate = ({ candidate }) => {
    if (candidate && !allowed(candidate)) return; // a test keeps its media on loopback
    send('rtc_ice_candidate', { targetUserId: userId, candidate: candidate ? candidate.toJSON() : null });
  };
  pc.onnegotiationneeded = async () => {
    if (peers.get(userId) !== peer) return;
    try {
      peer.makingOffer = true;
      await pc.setLocalDescription();
      send('rtc_offer', { targetUserId: userId, offer: { type: 'offer', sdp: pc.localDescription.sdp }, callType: 'voice' });
    } catch (error) {
      console.warn('voice: offer failed', error);
    } finally {
      peer.makingOffer = false;
    }
  };
  pc.ontrack = ({ track, transceiver }) => {
    const kind = KINDS[pc.getTransceivers().indexOf(transceiver)];
    if (kind) patchRemote(userId, { [kind]: new MediaStream([track]) });
  };
  pc.onconnectionstatechange = () => {
    // The spec: a failed or disconnected peer connection removes that peer.
    if (pc.connectionState === 'failed' || pc.connectionState === 'disconnected') closePeer(userId);
  };
  return peer;
}

function addTransceiver(pc, kind, track) {
  pc.addTransceiver(track ?? kind, { direction: 'sendrecv' });
}

/** The newcomer's side: one offer to each participant already there. */
export function offerTo(userId) {
  if (!peers.has(userId)) createPeer(userId, true);
}

export async function receiveOffer(userId, description) {
  const peer = peers.get(userId) ?? createPeer(userId, false);
  const { pc } = peer;
  const collision = peer.makingOffer || pc.signalingState !== 'stable';
  peer.ignoreOffer = !peer.polite && collision;
  if (peer.ignoreOffer) return;
  try {
    await pc.setRemoteDescription(description); // a polite peer's own offer rolls back implicitly
    // The answerer's transceivers came from the offer: send our tracks on them too.
    pc.getTransceivers().forEach((transceiver, n) => {
      transceiver.direction = 'sendrecv';
      const track = local[KINDS[n]];
      if (track && transceiver.sender.track !== track) transceiver.sender.replaceTrack(track).catch(() => {});
    });
    await pc.setLocalDescription();
    send('rtc_answer', { targetUserId: userId, answer: { type: 'answer', sdp: pc.localDescription.sdp } });
    flushCandidates(peer);
  } catch (error) {
    console.warn('voice: answering an offer failed', error);
  }
}

export async function receiveAnswer(userId, description) {
  const peer = peers.get(userId);
  if (!peer || peer.pc.signalingState !== 'have-local-offer') return;
  try {
    await peer.pc.setRemoteDescription(description);
    flushCandidates(peer);
  } catch (error) {
    console.warn('voice: an answer was refused', error);
  }
}

export function receiveCandidate(userId, candidate) {
  const peer = peers.get(userId);
  if (!peer || (candidate && !allowed(candidate))) return;
  if (!peer.pc.remoteDescription) {
    peer.pending.push(candidate);
    return;
  }
  peer.pc.addIceCandidate(candidate ?? undefined).catch((error) => {
    if (!peer.ignoreOffer) console.warn('voice: a candidate was refused', error);
  });
}

function flushCandidates(peer) {
  const waiting = peer.pending.splice(0);
  waiting.forEach((candidate) => peer.pc.addIceCandidate(candidate ?? undefined).catch(() => {}));
}

export function closePeer(userId) {
  const peer = peers.get(userId);
  if (!peer) return;
  peers.delete(userId);
  peer.pc.onconnectionstatechange = null;
  peer.pc.close();
  const { remote } = voiceState();
  if (remote[userId]) {
    const { [userId]: gone, ...rest } = remote;
    setVoice({ remote: rest });
  }
}

export function closeAll() {
  [...peers.keys()].forEach(closePeer);
  Object.keys(local).forEach((kind) => { local[kind] = null; });
}

/** Sends `track` (or nothing) as our microphone, camera or screen to every peer. */
export function setLocalTrack(kind, track) {
  local[kind] = track;
  const n = KINDS.indexOf(kind);
  for (const { pc } of peers.values()) {
    const transceiver = pc.getTransceivers()[n];
    if (transceiver && transceiver.sender.track !== track) transceiver.sender.replaceTrack(track).catch(() => {});
  }
}
