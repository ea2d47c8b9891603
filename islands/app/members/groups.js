// How the drawer groups a server's members — Discord's way: the online members by role (owner,
// moderators, members), then everyone offline in one 'Не в сети' group. Why not role × status: a
// small server would show up to six headings for a dozen people, and the offline ones, whatever
// their role, are the least likely to be looked for; online people stay together at the top.
import { lang, t } from '../../lib/i18n.js';
import { personName } from '../ui/person.js';

export const GROUP_TITLES = {
  owner: t('Владелец'),
  moderator: t('Модераторы'),
  member: t('Участники'),
  offline: t('Не в сети'),
};

export const ROLE_NAMES = { owner: t('Владелец'), moderator: t('Модератор'), member: t('Участник') };

const ROLES = ['owner', 'moderator', 'member'];

/** Online means anything but OFFLINE: idle and do-not-disturb people are there. */
export const isOnline = (user) => Boolean(user?.status) && user.status !== 'OFFLINE';

/** The name a member shows: the one rule (ui/person.js) — display name, else first and last name,
 * else the username. */
export const memberName = (user) => personName(user);

const byName = (a, b) => memberName(a.user).localeCompare(memberName(b.user), lang, { sensitivity: 'base' });

/** → [{id, title, members}], the non-empty groups in order. */
export function groupMembers(members) {
  const groups = [...ROLES, 'offline'].map((id) => ({ id, title: GROUP_TITLES[id], members: [] }));
  const byId = Object.fromEntries(groups.map((group) => [group.id, group]));
  for (const member of members) {
    if (!member?.user) continue;
    const id = isOnline(member.user) ? member.role : 'offline';
    (byId[id] ?? byId.member).members.push(member);
  }
  return groups.filter((group) => group.members.length).map((group) => ({ ...group, members: group.members.sort(byName) }));
}
