// Who sits in each voice channel of the open server, for the sidebar: loaded with
// GET /api/servers/{id}/voice, then kept live by rtc_user_joined / rtc_user_left /
// user_state_broadcast (the server sends them to every member watching the server).
import { create } from 'zustand';
import { on } from '../../lib/socket.js';
import { apiGet } from '../data/queries.js';

export const useRoster = create(() => ({ serverId: null, channels: {} })); // channelId → {userId → state}

const toMap = (list) => Object.fromEntries((list ?? []).map((state) => [state.userId, state]));

let asked = 0;
export async function loadRoster(serverId) {
  const ask = ++asked;
  if (useRoster.getState().serverId !== serverId) useRoster.setState({ serverId, channels: {} });
  try {
    const data = await apiGet(`/api/servers/${serverId}/voice`);
    if (ask !== asked) return;
    const channels = Object.fromEntries(Object.entries(data?.channels ?? {}).map(([id, list]) => [id, toMap(list)]));
    useRoster.setState({ serverId, channels });
  } catch {
    // not a member, or the server is gone: the sidebar shows no one
  }
}

function change(data, update) {
  const { serverId, channels } = useRoster.getState();
  if (data.serverId == null || data.serverId !== serverId) return;
  const seats = update({ ...(channels[data.channelId] ?? {}) });
  useRoster.setState({ channels: { ...channels, [data.channelId]: seats } });
}

on('rtc_user_joined', (data) => change(data, (seats) => {
  seats[data.userId] = { ...data.state, userId: data.userId, username: data.username };
  return seats;
}));
on('rtc_user_left', (data) => change(data, (seats) => {
  delete seats[data.userId];
  return seats;
}));
on('user_state_broadcast', (data) => change(data, (seats) => {
  if (seats[data.userId]) seats[data.userId] = { ...seats[data.userId], ...data.state };
  return seats;
}));
on('reconnected', () => {
  const { serverId } = useRoster.getState();
  if (serverId != null) loadRoster(serverId); // whatever changed while we were away
});
