// The voice session's two switches, for ./actions.js to load on first use. Through this file and
// not straight from ../voice/session.js: a later part must reach the whole first load (see
// ../regions/firstLoad.js), or esbuild splits the modules it shares with it into chunks of their own.
import '../regions/firstLoad.js';

export { toggleDeafen, toggleMute } from '../voice/session.js';
