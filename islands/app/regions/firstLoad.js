// Imported, for nothing but this, by each part of the /app page that loads later (a screen, a
// dialog, the palette, the notifications panel...). esbuild puts every module in a chunk named by
// the set of entry points (dynamic imports included) that reach it: code the first load shares
// with one later part or another was split into a dozen tiny chunks, each one more request and
// less compression. A later part that reaches the whole first load gives all of it one and the
// same set: one chunk. That part loads only after the page's islands, so it fetches nothing more.
import './index.js';
