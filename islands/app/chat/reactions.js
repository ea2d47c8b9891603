// A message's reactions ([{emoji, count, users}]) changed by one person's reaction: applied
// optimistically when the person clicks, and from the live `reaction_added` / `reaction_removed`
// frames, which carry the change ({emoji, userId, count}), never the whole list.

/**
 * The list with `userId`'s `emoji` added (`add`) or taken away. `count`, when the server says it,
 * is the emoji's count now (it counts people this tab may not have heard of); else the people held.
 * An emoji whose count falls to 0 leaves the list.
 */
export function withReaction(reactions = [], emoji, userId, add, count) {
  const list = reactions.map((reaction) => ({ ...reaction, users: [...(reaction.users ?? [])] }));
  let found = list.find((reaction) => reaction.emoji === emoji);
  if (!found) {
    if (!add) return list;
    found = { emoji, count: 0, users: [] };
    list.push(found);
  }
  const has = found.users.includes(userId);
  if (add && !has) found.users.push(userId);
  if (!add && has) found.users = found.users.filter((id) => id !== userId);
  found.count = Number.isInteger(count) ? count : found.users.length;
  return list.filter((reaction) => reaction.count > 0);
}
