// A component whose code loads on demand, like React.lazy, but which renders at once (no Suspense
// fallback, no flash) once `preload()` has brought its code: an island preloads what its first
// render needs before it mounts over the server's HTML, and leaves the rest for later.
import { lazy } from 'react';

export default function preloadable(load) {
  let Loaded = null;
  let loading = null;
  const preload = () => {
    loading ??= load().then((module) => { Loaded = module.default; return module; });
    return loading;
  };
  const Lazy = lazy(preload);
  function Preloadable(props) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  Preloadable.preload = preload;
  return Preloadable;
}
