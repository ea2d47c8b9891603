// One name, one face (issue 29): how a person shows anywhere in the app — a message's author, the
// typing line, a DM, a member, a report, a voice seat, a friend, a notification. The name is the
// server's one rule (lobby/people/names.py): the profile's display name, else first and last name,
// else the username; every payload sends it as `displayName`, and `personName` applies the same
// rule to anything older that lacks it. The face is their avatar, else their initial on a colour
// derived from their id alone, so it is the same wherever they show.
//
// Live: `user_updated` (a display name or an avatar changed, on any device) lands in `usePeople`,
// and every name and face on screen reads it over what its payload said (`usePerson`).
import { create } from 'zustand';

/** id → the newest public person heard live ({id, username, displayName, profileImageUrl}). */
export const usePeople = create(() => ({}));

/** The rule: display name, else first and last name, else the username. */
export function personName(person) {
  if (!person) return '';
  const full = [person.firstName, person.lastName].map((part) => (part ?? '').trim()).filter(Boolean).join(' ');
  return (person.displayName ?? '').trim() || full || person.username || '';
}

/** A `user_updated` frame's person: every name and face of theirs follows. */
export function learnPerson(person) {
  if (person?.id == null) return;
  usePeople.setState({ [person.id]: person });
}

/** `person` with what was heard of them live laid over it (same object when nothing was). */
export function usePerson(person) {
  const heard = usePeople((people) => (person?.id != null ? people[person.id] : undefined));
  if (!heard || !person) return person;
  return { ...person, displayName: heard.displayName, profileImageUrl: heard.profileImageUrl };
}

/**
 * The initials' colour: from the id alone (a name differs between payloads; the id never does),
 * stepped by the golden angle so that people who signed up one after another look apart.
 */
export function personColor(person) {
  let key = Number(person?.id);
  if (!Number.isFinite(key)) {
    key = 0;
    for (const char of person?.username ?? '') key = (Math.imul(key, 31) + char.codePointAt(0)) | 0;
  }
  return `hsl(${Math.round(Math.abs(key) * 137.508) % 360} 55% 38%)`;
}

/** A voice seat's state ({userId, username, displayName, profileImageUrl, ...}) as a person. */
export const seatPerson = (state) => ({
  id: state.userId, username: state.username, displayName: state.displayName, profileImageUrl: state.profileImageUrl,
});
