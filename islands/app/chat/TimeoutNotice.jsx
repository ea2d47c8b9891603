// In place of the composer while the signed-in member is timed out on the channel's server: until
// when, and how long is left (ticking), read from the member list (`timedOutUntil`), which the
// server's `member_updated` frames keep fresh. Once it ends, the composer comes back by itself.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Timer from 'lucide-react/icons/timer';
import { useEffect, useState } from 'react';
import * as socket from '../../lib/socket.js';
import { keys } from '../data/queries.js';
import { formatDateTime } from '../../lib/dateTime.js';
import { asList, membersQuery } from '../settings/queries.js';
import { lang, t } from '../../lib/i18n.js';

const relative = new Intl.RelativeTimeFormat(lang === 'en' ? 'en-GB' : 'ru', { numeric: 'always' });

/** The end of a member's running timeout (a Date), or null (as moderation/labels.js, kept off the first load). */
function timeoutEnd(member) {
  const until = member?.timedOutUntil ? new Date(member.timedOutUntil) : null;
  return until && until.getTime() > Date.now() ? until : null;
}

/** 'через 5 минут', 'через 2 часа': the largest whole unit, rounded up. */
export function leftIn(milliseconds) {
  const seconds = Math.max(1, Math.ceil(milliseconds / 1000));
  if (seconds < 60) return relative.format(seconds, 'second');
  if (seconds < 3600) return relative.format(Math.ceil(seconds / 60), 'minute');
  if (seconds < 86400) return relative.format(Math.ceil(seconds / 3600), 'hour');
  return relative.format(Math.ceil(seconds / 86400), 'day');
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
  return (
    <div className="timeout-notice" role="status">
      <Timer size={18} aria-hidden="true" className="timeout-notice__icon" />
      <p className="timeout-notice__text">
        <strong>{t('Вы в тайм-ауте до {time}', { time: formatDateTime(until) })}</strong>
        <span>{t('Писать и ставить реакции можно будет {left}. Читать канал можно.', { left: leftIn(until.getTime() - now) })}</span>
      </p>
    </div>
  );
}
