// The settings on the page: the same attributes and classes of <html> the server renders
// (lobby/settings_look.py `look_of`), changed in place when the settings change, so the stylesheet
// repaints the page without a reload. The accent goes through the CSSOM (the page's CSP allows no
// inline style attribute, but a property set from script is not one).
const html = document.documentElement;

const CLASSES = {
  'reduce-motion': (s) => s.accessibility.reduceMotion || !s.appearance.animationsEnabled,
  'high-contrast': (s) => s.accessibility.highContrast,
  'colour-blind': (s) => s.accessibility.colorBlindFriendly,
  'screen-reader': (s) => s.accessibility.screenReaderOptimized,
  'keyboard-nav': (s) => s.accessibility.keyboardNavigation,
  'quiet-focus': (s) => !s.accessibility.focusIndicators,
  'no-avatars': (s) => !s.appearance.showAvatars,
  'no-timestamps': (s) => !s.appearance.showTimestamps,
  'compact-mode': (s) => s.appearance.compactMode,
  'developer-mode': (s) => s.general.developerMode, // 'Копировать ID' in the menus (app/ui/useDeveloperMode.js)
};

/** Text on the accent: the design's near-black, or white on a dark custom colour (WCAG luminance). */
export function onAccent(colour) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(colour.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18 ? '#04120a' : '#ffffff';
}

/** Applies a settings document (`{appearance, accessibility, general, ...}`) to the page. */
export function applySettings(settings) {
  if (!settings?.appearance) return;
  const { appearance, accessibility, general } = settings;
  // Words are not attributes: each language has its own bundle and server-rendered page. Every
  // tab of the person (this one saving, the others told by settings_changed) loads itself again.
  if (general.language && html.lang && general.language !== html.lang) {
    window.location.reload();
    return;
  }
  Object.assign(html.dataset, {
    theme: appearance.theme,
    fontSize: appearance.fontSize,
    font: appearance.fontFamily,
    density: appearance.messageDisplayDensity,
    textSize: accessibility.textSize,
    timeFormat: general.timeFormat,
    dateFormat: general.dateFormat,
    startup: general.startupBehavior,
  });
  for (const [name, wanted] of Object.entries(CLASSES)) html.classList.toggle(name, Boolean(wanted(settings)));
  html.spellcheck = general.enableSpellcheck; // the composer inherits it
  html.style.setProperty('--accent', appearance.accentColor);
  html.style.setProperty('--on-accent', onAccent(appearance.accentColor));
}

/** `lobby:settings` (htmx fires it from a save's HX-Trigger header) applies the new settings. */
export function followSettingsEvents(also) {
  document.addEventListener('lobby:settings', (event) => {
    applySettings(event.detail);
    also?.(event.detail);
  });
}
