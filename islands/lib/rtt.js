// The live socket's round trip, measured (the game centre's ping, the performance panel): a `ping`
// frame every 10 s while the socket is connected, and on demand, timed to the server's `pong`.
// The gateway sends an answer back with the asking frame's messageId, so each pong is matched to
// its own ping: a late answer never passes for a fresh one.
//
//   useRoundTrip()    React: the latest round trip in ms, or null (not measured yet, or no socket)
//   roundTrip()       the same, outside React
//   measureRoundTrip()  send one ping now; → whether it went out
import { create } from 'zustand';
import * as socket from './socket.js';

const EVERY_MS = 10_000;
const FORGET_MS = 30_000; // a ping unanswered this long is dropped (its socket is gone, or it got lost)

const useRtt = create(() => ({ ms: null }));
const sent = new Map(); // the ping's messageId → performance.now() when it left
let timer = null;

export const useRoundTrip = () => useRtt((state) => state.ms);
export const roundTrip = () => useRtt.getState().ms;

export function measureRoundTrip() {
  const at = performance.now();
  for (const [id, when] of sent) if (at - when > FORGET_MS) sent.delete(id);
  const id = socket.send('ping', {});
  if (id == null) return false;
  sent.set(id, at);
  return true;
}

function start() {
  clearInterval(timer);
  measureRoundTrip();
  timer = setInterval(measureRoundTrip, EVERY_MS);
}

function stop() {
  clearInterval(timer);
  timer = null;
  sent.clear();
  useRtt.setState({ ms: null }); // the last figure described a socket that is gone
}

socket.on('pong', (data, frame) => {
  const at = sent.get(frame?.messageId);
  if (at === undefined) return; // the server's own pings are answered by socket.js, not timed here
  sent.delete(frame.messageId);
  useRtt.setState({ ms: Math.max(1, Math.round(performance.now() - at)) });
});
socket.on('open', start);
socket.on('disconnected', stop);
if (socket.isConnected()) start(); // loaded after the socket connected
