// The quick switcher's places: every server of the user, the channels of each (the sidebar's
// cached queries; a server not opened lately costs one small GET, kept a minute), the friends and
// the DM conversations (one entry per person), each with its recency from ./recent.js.
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { channelsQuery, friendsQuery, useServers } from '../data/queries.js';
import { useDms } from '../dms/queries.js';
import { readRecent, shellUserId } from './recent.js';
import { personName } from '../ui/person.js';

const listOf = (data) => (Array.isArray(data) ? data : data?.channels ?? []);
// The person's one name (ui/person.js) and, for the search, their first and last name too.
const nameOf = (person) => personName(person);

/** 'channel:12' → its rank of recency (0 the newest), for the palette's ordering. */
export function useRecency() {
  return useMemo(() => new Map(readRecent(shellUserId()).map((item, rank) => [item.key, rank])), []);
}

export function usePlaces() {
  const { data: servers = [] } = useServers();
  const channelQueries = useQueries({
    queries: servers.map((server) => ({ ...channelsQuery(server.id), staleTime: 60_000, gcTime: 5 * 60_000 })),
  });
  const { data: friends } = useQuery(friendsQuery());
  const { data: dms = [] } = useDms();
  const channels = servers.flatMap((server, at) => listOf(channelQueries[at]?.data).map((channel) => ({ channel, server })));
  const people = new Map();
  for (const friend of friends?.friends ?? []) people.set(friend.id, { ...friend, name: nameOf(friend) });
  for (const conversation of dms) {
    const person = conversation.channel?.recipient;
    if (person?.id != null && !people.has(person.id)) people.set(person.id, { ...person, name: nameOf(person) });
  }
  return { servers, channels, people: [...people.values()] };
}
