// Several sets of props for one element: handlers of the same event are each called in turn; any
// other prop (an attribute) is the last set's.
export function together(...sets) {
  const merged = {};
  for (const set of sets) {
    for (const [name, value] of Object.entries(set ?? {})) {
      const before = merged[name];
      merged[name] = typeof before === 'function' && typeof value === 'function'
        ? (event) => { before(event); value(event); }
        : value;
    }
  }
  return merged;
}
