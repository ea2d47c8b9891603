// What the server rendered into the page (lobby/frame.py `seed`, in <script id="app-seed">), as the
// API answers it: the queries and the chat start from it, so the first paint's servers, channels
// and messages are not fetched again and nothing flashes while the islands take over.
import { seedChannel } from '../chat/sync.js';
import { keys } from './queries.js';

export function readSeed() {
  try {
    return JSON.parse(document.getElementById('app-seed')?.textContent || 'null');
  } catch (error) {
    console.error('app: the page seed is unreadable; everything is fetched instead', error);
    return null;
  }
}

export function plantSeed(queryClient, seed) {
  if (!seed) return queryClient;
  if (seed.servers) queryClient.setQueryData(keys.servers(), seed.servers);
  const serverId = seed.server?.server?.id;
  if (serverId != null) {
    queryClient.setQueryData(keys.server(serverId), seed.server);
    if (seed.channels) queryClient.setQueryData(keys.channels(serverId), seed.channels);
  }
  if (seed.messages) seedChannel(seed.messages);
  if (seed.friends) queryClient.setQueryData(keys.friends(), seed.friends);
  return queryClient;
}
