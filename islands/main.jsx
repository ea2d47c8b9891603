// Mounts every server-rendered `[data-island]` placeholder with its React component.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import ErrorBoundary from './lib/ErrorBoundary.jsx';
import './lib/keyboardUse.js'; // focus rings for keyboard users only, on every page

const NOTHING = { default: () => null };

// The one list of islands. Dynamic imports: a page downloads only the islands it contains.
const registry = {
  // Only a page inside another site's frame shows the banner: elsewhere its code is not fetched.
  'frame-banner': () => (window.self !== window.top ? import('./frame-banner/FrameBanner.jsx') : Promise.resolve(NOTHING)),
  toaster: () => import('./toaster/Toaster.jsx'),
  'login-form': () => import('./auth/LoginForm.jsx'),
  'register-form': () => import('./auth/RegisterForm.jsx'),
  'verify-email': () => import('./auth/VerifyEmail.jsx'),
  'password-hint': () => import('./auth/PasswordHintIsland.jsx'),
  // The /app page: one island per region, sharing one QueryClient, router, store and socket.
  topbar: () => import('./app/regions/index.js').then((app) => app.topbar),
  sidebar: () => import('./app/regions/index.js').then((app) => app.sidebar),
  rail: () => import('./app/regions/index.js').then((app) => app.rail),
  chat: () => import('./app/regions/index.js').then((app) => app.chat),
  palette: () => import('./app/regions/index.js').then((app) => app.palette),
  'app-shell': () => import('./app/regions/index.js').then((app) => app.appShell),
  'voice-panel': () => import('./app/voice/VoicePanel.jsx'),
  'settings-live': () => import('./app/live/SettingsLive.jsx'),
};
// Mounted after every other island of the page: whoever waits for it finds the whole app ready.
// Then the settings' live updates and voice, whose code is not needed before the page is interactive.
const LAST = ['app-shell', 'settings-live', 'voice-panel'];

async function mount(el) {
  const name = el.dataset.island;
  const load = registry[name];
  if (!load) {
    console.error(`island "${name}" is not in the registry`);
    return;
  }
  try {
    const props = JSON.parse(el.dataset.props || '{}');
    const { default: Island, prepare } = await load();
    await prepare?.(); // an island may first load the code its first render needs
    // createRoot, not hydrateRoot: the Jinja fallback inside is not React markup, it is replaced.
    const root = createRoot(el);
    // Committed before it is marked mounted: whoever waits for data-mounted (a test, a script)
    // then finds the island's markup, not the fallback it is about to replace.
    flushSync(() => {
      root.render(
        <ErrorBoundary name={name}>
          <Island {...props} />
        </ErrorBoundary>,
      );
    });
    el.dataset.mounted = 'true';
  } catch (error) {
    // The no-JS fallback stays in place, so the page still works without this island.
    console.error(`island "${name}" failed to mount`, error);
  }
}

async function mountAll() {
  const found = [...document.querySelectorAll('[data-island]:not([data-mounted])')];
  await Promise.all(found.filter((el) => !LAST.includes(el.dataset.island)).map(mount));
  for (const name of LAST) await Promise.all(found.filter((el) => el.dataset.island === name).map(mount));
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', mountAll, { once: true });
} else {
  mountAll();
}
