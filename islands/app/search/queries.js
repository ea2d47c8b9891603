// The dialog's three searches (spec §7): servers, users, messages. A search runs only for a query
// of at least 2 characters (spec §4, §5), and only for the kinds the current tab shows; a query
// with operators (from:@name, has:file, ...) searches messages only.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from '../data/queries.js';
import { hasOperators, utcOffset } from './operators.js';
import { t } from '../../lib/i18n.js';

export const MIN_QUERY = 2;
const STALE = 30_000;
// While the next query loads, the last answer stays on screen (dimmed) instead of a blank list.
const KEEP = keepPreviousData;

/**
 * What the message search is sent: spaces collapsed, none in front, one kept at the end — the
 * server reads a final space as "the last word is finished" ('кот ' does not find 'котлета').
 */
export const messageText = (text) => text.replace(/\s+/g, ' ').replace(/^ /, '');

export const searchable = (text) => text.trim().length >= MIN_QUERY;

export const TABS = [
  { id: 'all', label: t('Все') },
  { id: 'servers', label: t('Сервер') },
  { id: 'users', label: t('Пользователь') },
  { id: 'messages', label: t('Сообщение') },
];

const shows = (tab, kind) => tab === 'all' || tab === kind;
// A refused query (too short, a date that means nothing) will be refused again: say so at once.
const retryFew = (failures, error) => !(error?.status >= 400 && error?.status < 500) && failures < 2;

export function useServerResults(text, tab) {
  const q = text.trim();
  return useQuery({
    queryKey: ['search', 'servers', q],
    queryFn: () => apiGet(`/api/servers/search?${new URLSearchParams({ q })}`),
    enabled: searchable(q) && shows(tab, 'servers') && !hasOperators(q),
    staleTime: STALE,
    placeholderData: KEEP,
    select: (data) => data?.servers ?? [],
  });
}

export function useUserResults(text, tab) {
  const q = text.trim();
  return useQuery({
    queryKey: ['search', 'users', q],
    queryFn: () => apiGet(`/api/users/search?${new URLSearchParams({ q })}`),
    enabled: searchable(q) && shows(tab, 'users') && !hasOperators(q),
    staleTime: STALE,
    placeholderData: KEEP,
    select: (data) => data?.users ?? [],
  });
}

/** The exact phrase first, then newest first, 25 a page; `fetchNextPage` goes on with the `before` cursor. */
export function useMessageResults(text, tab) {
  const q = messageText(text);
  return useInfiniteQuery({
    queryKey: ['search', 'messages', q],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ q, tzOffset: String(utcOffset()) });
      if (pageParam) params.set('before', String(pageParam));
      return apiGet(`/api/messages/search?${params}`);
    },
    initialPageParam: null,
    getNextPageParam: (last) => (last?.hasMore ? last.messages.at(-1)?.id : undefined),
    enabled: searchable(q) && shows(tab, 'messages'),
    retry: retryFew,
    staleTime: STALE,
    placeholderData: KEEP,
    select: (data) => data.pages.flatMap((page) => page.messages),
  });
}
