// Every keyboard shortcut of the /app page in one table, and the one keydown listener that runs
// them (mounted by regions/PaletteIsland.jsx). No feature listens for its own keys: the voice
// switches (Ctrl+M / Ctrl+D) and the palette's Ctrl+/ are entries here. The help sheet
// (HelpSheet.jsx), the palette's commands, the game centre's menu and the voice switches' titles
// show the keys from here (`keysOf`, `ariaKeysOf`), so they cannot drift from what acts. What each
// entry is called is the help sheet's (HelpSheet.jsx, by id): the names are read only there, and
// this table is first-load code (the listener needs it from the start).
//
// Ctrl+/ is named three times (the palette's "message search (Ctrl+/)", "Ctrl/Cmd+/ opens the
// palette prefilled with 'search '", and the issue's "help sheet on '?' or Ctrl+/"). Decided:
//   - Ctrl/Cmd+/ opens the palette with 'search ' typed: its message search command is first, what
//     is typed after it goes to the search dialog ('search кот' + Enter searches 'кот') — so the
//     key leads to message search, as the spec's command table says, through the palette, as the
//     issue says; the top bar's search button opens the dialog directly;
//   - '?' opens the help sheet (Shift+/ on an English layout, Shift+7 on a Russian one: matched by
//     the character); the sheet lists Ctrl+/ and Ctrl+K, and is a palette command too.
//
// Keys are matched by position (event.code), so a Russian layout works the same. Browser combos
// (Ctrl+F, Ctrl+G, Ctrl+U, Ctrl+D...) are taken with preventDefault. Some never reach a page: the
// spec's Ctrl+N for 'create server' opens a window in Chrome and Firefox (Discord's Ctrl+Shift+N is
// Chrome's incognito window and Firefox's 'reopen window'), so it is Ctrl+Alt+N, which neither
// browser keeps (nor Windows' AltGr, which some layouts type letters with: see `combo`); Firefox
// keeps Ctrl+Shift+P (a private window), so there the help sheet leaves the performance panel's
// key out (`keptBy`: the browsers that keep the keys). The help sheet and the game centre show
// only keys that reach the page (`workingShortcuts`).
// In a text field only the entries marked `inFields` act: those that type no character and that a
// person in the composer (which takes the focus in every channel) needs; '?' types a '?'.
// Over an open modal dialog only the entries marked `overDialogs` act.
import { useEffect } from 'react';
import { usePalette } from '../palette/store.js';
import { useUnread } from '../data/unread.js';
import { navigate, useRouter } from '../router.js';
import { inVoice, voiceSwitch } from './actions.js';
import { useLayers } from './store.js';

const MAC = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The key's position, or (events without one) its character. */
const keyIs = (event, code) => event.code === code
  || (!event.code && event.key?.toLowerCase() === code.replace(/^(Key|Digit)/, '').toLowerCase());

const CODES = { ',': 'Comma', '↑': 'ArrowUp', '↓': 'ArrowDown' };

/** The matcher of an entry's `keys` ('Ctrl+Shift+P'): those modifiers exactly (Ctrl or Cmd), that key. */
function combo(keys) {
  const parts = keys.split('+');
  const key = parts.pop();
  const code = CODES[key] ?? `Key${key}`;
  const [mod, alt, shift] = ['Ctrl', 'Alt', 'Shift'].map((name) => parts.includes(name));
  return (event) => (event.ctrlKey || event.metaKey) === mod && event.altKey === alt && event.shiftKey === shift
    && !(mod && alt && event.getModifierState?.('AltGraph')) && keyIs(event, code);
}

const FIREFOX = /Firefox\//.test(navigator.userAgent);

// On a Mac, Option+digit types a character and Option+arrows move the caret: not in fields there.
const ALT_IN_FIELDS = !MAC;

const hasDialog = () => Boolean(document.querySelector('dialog[open]'));
const go = (path) => () => navigate(path);

// The navigation code loads on the first of these keys (a small chunk of its own); it acts on where
// the page was and what was unread when the key was pressed, not when the code arrived.
const navigation = (name, ...args) => (value) => {
  const at = { path: useRouter.getState().path, unread: useUnread.getState().channels };
  import('./navigation.js').then((code) => code[name](at, ...args, value));
};

export const SHORTCUTS = [
  { id: 'palette', group: 'general', keys: 'Ctrl+K', inFields: true, overDialogs: true,
    // Over another dialog it would stack two: only from the app itself, or to close itself.
    run: () => { const { open, togglePalette } = usePalette.getState(); if (open || !hasDialog()) togglePalette(); } },
  { id: 'search', group: 'general', keys: 'Ctrl+/', inFields: true,
    match: (event) => (event.ctrlKey || event.metaKey) && !event.altKey && (event.code === 'Slash' || event.key === '/'),
    run: () => { if (!hasDialog()) usePalette.getState().openPalette('search '); } },
  { id: 'help', group: 'general', keys: '?',
    match: (event) => event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey,
    run: () => useLayers.getState().openHelp() },
  { id: 'escape', group: 'general', keys: 'Esc', inFields: true,
    match: (event) => event.key === 'Escape' && !event.ctrlKey && !event.metaKey && !event.altKey,
    // Dialogs, menus and the phone drawer close themselves on Escape; the panel here is ours.
    when: () => useLayers.getState().perf, run: () => useLayers.getState().closePerf() },
  { id: 'perf', group: 'general', keys: 'Ctrl+Shift+P', inFields: true, keptBy: FIREFOX,
    run: () => useLayers.getState().togglePerf() },
  { id: 'gaming', group: 'navigation', keys: 'Ctrl+G', inFields: true, run: go('/gaming') },
  { id: 'discover', group: 'navigation', keys: 'Ctrl+F', inFields: true, run: go('/app/discover') },
  { id: 'create', group: 'navigation', keys: 'Ctrl+Alt+N', inFields: true, run: go('/app/create-server') },
  { id: 'friends', group: 'navigation', keys: 'Ctrl+U', inFields: true, run: go('/friends') },
  { id: 'settings', group: 'navigation', keys: 'Ctrl+,', inFields: true, run: go('/app/settings') },
  { id: 'server', group: 'navigation', keys: 'Alt+1…9', inFields: ALT_IN_FIELDS,
    match: (event) => !event.ctrlKey && !event.metaKey && event.altKey && !event.shiftKey
      && /^Digit[1-9]$/.test(event.code) && Number(event.code.slice(5)),
    run: navigation('openNthServer') },
  { id: 'previous', group: 'navigation', keys: 'Alt+↑', inFields: ALT_IN_FIELDS,
    run: navigation('stepChannel', -1) },
  { id: 'next', group: 'navigation', keys: 'Alt+↓', inFields: ALT_IN_FIELDS,
    run: navigation('stepChannel', 1) },
  { id: 'previousUnread', group: 'navigation', keys: 'Alt+Shift+↑',
    inFields: ALT_IN_FIELDS, run: navigation('stepUnread', -1) },
  { id: 'nextUnread', group: 'navigation', keys: 'Alt+Shift+↓',
    inFields: ALT_IN_FIELDS, run: navigation('stepUnread', 1) },
  // Only in voice: elsewhere Ctrl+D stays the browser's bookmark (the palette's commands say why not).
  { id: 'mute', group: 'voice', keys: 'Ctrl+M', inFields: true, overDialogs: true,
    when: inVoice, run: () => voiceSwitch('toggleMute') },
  { id: 'deafen', group: 'voice', keys: 'Ctrl+D', inFields: true, overDialogs: true,
    when: inVoice, run: () => voiceSwitch('toggleDeafen') },
];
for (const entry of SHORTCUTS) entry.match ??= combo(entry.keys);

/** The entries whose keys reach the page in this browser: the ones the help sheet lists. */
export const workingShortcuts = () => SHORTCUTS.filter((entry) => !entry.keptBy);

/** The keys as this computer's keyboard names them. */
export const shownKeys = (keys) => (MAC ? keys.replace('Ctrl+', '⌘').replace('Alt+', '⌥') : keys);

const keysById = (id) => workingShortcuts().find((entry) => entry.id === id)?.keys ?? '';

/** The keys of the entry `id`, as the help sheet shows them ('Ctrl+G'; '⌘G' on a Mac). */
export const keysOf = (id) => shownKeys(keysById(id));

/** The keys of the entry `id` for `aria-keyshortcuts` ('Control+G'; 'Meta+G' on a Mac). */
export const ariaKeysOf = (id) => keysById(id).replace('Ctrl', MAC ? 'Meta' : 'Control');

const TYPING = 'textarea, select, [contenteditable]:not([contenteditable="false"]), '
  + 'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=range])';

const inField = (target) => Boolean(target?.closest?.(TYPING));

function onKey(event) {
  if (event.defaultPrevented || event.isComposing) return;
  const entry = SHORTCUTS.find((candidate) => candidate.match(event));
  if (!entry) return;
  if ((inField(event.target) && !entry.inFields) || (hasDialog() && !entry.overDialogs)) return;
  if (entry.when && !entry.when()) return;
  event.preventDefault();
  entry.run(entry.match(event));
}

/** The page's one shortcut listener, for as long as the component using it is mounted. */
export function useShortcuts() {
  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
