// Small display helpers shared by the cards.

/** 1000 or more as one-decimal thousands with k (spec: 1.2k); below that the number itself. */
export function formatCount(value) {
  const n = Number(value) || 0;
  if (n < 1000) return String(n);
  return `${(n / 1000).toFixed(1)}k`;
}

/** The card colour, derived deterministically from id + name (spec: Sidebar). */
export function serverColor(id, name = '') {
  let hash = 0;
  for (const char of `${id}${name}`) hash = (Math.imul(hash, 31) + char.codePointAt(0)) | 0;
  const hue = Math.abs(hash) % 360;
  return `hsl(${hue} 55% 38%)`;
}

export function firstLetter(name, fallback = 'S') {
  const letter = (name || '').trim().charAt(0);
  return letter ? letter.toUpperCase() : fallback;
}

/**
 * Russian plural: plural(5, ['участник', 'участника', 'участников']). Russian only: counted texts
 * are written with tp() (lib/i18n.js) now, which has the English forms too; this stays until none uses it.
 */
export function plural(n, [one, few, many]) {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  if (a > 10 && a < 20) return many;
  if (b === 1) return one;
  if (b >= 2 && b <= 4) return few;
  return many;
}
