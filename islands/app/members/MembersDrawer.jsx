// The members drawer beside a server channel (spec §3 rightDrawerTab `members`): who is on the
// server, grouped (./groups.js), with live statuses and custom statuses, and a profile card on a
// click. The list is GET /api/servers/{id}/members, read again each time the drawer opens.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSocket } from '../../lib/socket.js';
import { useMyStatus } from '../live/myStatus.js';
import { asList, membersQuery } from '../settings/queries.js';
import { groupMembers } from './groups.js';
import MemberRow from './MemberRow.jsx';
import ProfileCard from './ProfileCard.jsx';
import useLiveMembers from './useLiveMembers.js';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

// Our own row shows the status we picked while our socket is up: no list read can be fresher.
const MINE = { online: 'ONLINE', idle: 'AWAY', dnd: 'DND', invisible: 'OFFLINE' };

function useMembers(data, myId) {
  const connected = useSocket((state) => state.status === 'connected');
  const mine = useMyStatus((state) => state.status);
  const members = asList(data, 'members');
  if (!connected || !MINE[mine]) return members;
  return members.map((member) => (member.user?.id === myId
    ? { ...member, user: { ...member.user, status: MINE[mine] } } : member));
}

function Skeleton() {
  return (
    <ul className="members-drawer__skeleton" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((row) => <li key={row} className="members-drawer__ghost skeleton" />)}
    </ul>
  );
}

export default function MembersDrawer({ serverId, myId }) {
  const { data, isPending, isError } = useQuery(membersQuery(serverId));
  useLiveMembers(serverId);
  const [open, setOpen] = useState(null); // {member, anchor}
  const close = useCallback(() => setOpen(null), []);
  const members = useMembers(data, myId);
  const groups = groupMembers(members);
  const openCard = (member, anchor) => setOpen((now) => (now?.member.user.id === member.user.id ? null : { member, anchor }));
  // The card shows the member as the list has them now (a status may change while it is open).
  const shown = open && members.find((member) => member.user?.id === open.member.user.id);
  return (
    <aside id="members-drawer" className="members-drawer" aria-label={t('Участники')}>
      {isPending && <Skeleton />}
      {isError && <p className="members-drawer__note">{t('Не удалось загрузить участников')}</p>}
      {groups.map((group) => (
        <section key={group.id} className="members-group" data-group={group.id} aria-labelledby={`members-group-${group.id}`}>
          <h2 id={`members-group-${group.id}`} className="members-group__title">
            {group.title} — {group.members.length}
          </h2>
          <ul className="members-group__list">
            {group.members.map((member) => (
              <MemberRow key={member.user.id} member={member} selected={shown?.user.id === member.user.id}
                onOpen={openCard} serverId={serverId} myId={myId} />
            ))}
          </ul>
        </section>
      ))}
      {shown && <ProfileCard key={shown.user.id} member={shown} anchor={open.anchor} myId={myId} onClose={close} />}
    </aside>
  );
}
