// Whether scripted motion (smooth scrolling) should stop. The stylesheet stops CSS motion by itself;
// a script's `behavior: 'smooth'` it cannot, so scripts ask here: the system's reduced-motion
// setting, or the person's own ('Уменьшить движение', or animations off), which the server renders
// as the `reduce-motion` class of <html> (lobby/settings_look.py) and lib/appearance.js keeps live.
export const motionOff = () => document.documentElement.classList.contains('reduce-motion')
  || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
