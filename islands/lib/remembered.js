// Keeps chosen fields of a zustand store in localStorage for the next page: `create(remembered(
// 'lobby.shell', ['sidebarCollapsed'])((set) => ({...})))`. Written in the format of zustand's
// `persist` ({state, version: 0}), which it replaces, so what was remembered before still is:
// persist (versions, migrations, asynchronous storages, hydration events; 2 KB) was all first-load
// code of the /app page for two flags.
export function remembered(name, fields) {
  const pick = (state) => Object.fromEntries(fields.filter((field) => field in state).map((field) => [field, state[field]]));
  return (createState) => (set, get, api) => {
    let saved = {};
    try {
      saved = JSON.parse(localStorage.getItem(name) || 'null')?.state ?? {};
    } catch {
      saved = {}; // unreadable or no storage (a private window): start from the defaults
    }
    api.subscribe((state, previous) => {
      if (fields.every((field) => state[field] === previous[field])) return;
      try {
        localStorage.setItem(name, JSON.stringify({ state: pick(state), version: 0 }));
      } catch {
        // a full or blocked storage: the choice lasts for this page only
      }
    });
    return { ...createState(set, get, api), ...pick(saved && typeof saved === 'object' ? saved : {}) };
  };
}
