// In place of the composer while the signed-in member is timed out on the channel's server: until
// when, and how long is left (ticking), read from the member list (`timedOutUntil`), which the
// server's `member_updated` frames keep fresh. Once it ends, the composer comes back by itself.
// Only the deciding is first-load code: the notice itself (TimeoutBanner.jsx) loads when needed.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import * as socket from '../../lib/socket.js';
import preloadable from '../../lib/preloadable.jsx';
import { keys } from '../data/queries.js';
import { asList, membersQuery } from '../settings/queries.js';

const TimeoutBanner = preloadable(() => import('./TimeoutBanner.jsx'));

/** The end of a member's running timeout (a Date), or null (as moderation/labels.js, kept off the first load). */
function timeoutEnd(member) {
  const until = member?.timedOutUntil ? new Date(member.timedOutUntil) : null;
  return until && until.getTime() > Date.now() ? until : null;
}

function useNow(running) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return undefined;
    setNow(Date.now()); // the clock stood still while there was nothing to count
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export default function TimeoutNotice({ serverId, me, children }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...membersQuery(serverId), enabled: serverId != null && me?.id != null });
  const mine = asList(data, 'members').find((member) => member.user?.id === me?.id);
  const until = timeoutEnd(mine);
  const now = useNow(Boolean(until));

  useEffect(() => {
    if (serverId == null) return undefined;
    return socket.on('member_updated', (event) => {
      if (event?.serverId !== serverId) return;
      queryClient.invalidateQueries({ queryKey: keys.members(serverId) });
    });
  }, [queryClient, serverId]);

  if (!until || until.getTime() <= now) return children;
  // No composer while the notice's code comes: writing is what the timeout forbids.
  return <Suspense fallback={null}><TimeoutBanner until={until} now={now} /></Suspense>;
}
