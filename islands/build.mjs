// Bundles the React islands into static/build and writes the manifest islands.py reads.
// `node islands/build.mjs` builds once; `--watch` rebuilds on every change.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'static/build');
const watch = process.argv.includes('--watch');

// Packages built with bunchee (sonner) insert their stylesheet at run time as a <style> element
// holding a string literal: `__insertCSS("…")`. The page's Content-Security-Policy blocks inline
// styles, so the manifest lists each such stylesheet's CSP hash for lobby/security.py to allow.
// The element is appended before its text, so Chromium first checks it empty: that hash too.
const INSERTED_CSS = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/g;
const cspHash = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

function insertedStyleHashes(source) {
  // The literals are JSON-compatible strings; one that is not fails the build, never silently.
  const sheets = [...source.matchAll(INSERTED_CSS)].map(([, literal]) => JSON.parse(literal));
  return sheets.length ? [cspHash(''), ...sheets.map(cspHash)] : [];
}

// The manifest, filled by both builds below: each writes it whole after each of its builds.
const written = {};
const writeManifest = () => writeFile(path.join(outdir, 'manifest.json'), JSON.stringify(written) + '\n');

// Runs after every build (the first one and each watch rebuild): maps the entry to its hashed name
// and lists the CSP hashes of the styles the bundle inserts.
const manifest = {
  name: 'manifest',
  setup(build) {
    const started = { at: 0 };
    const styleHashes = new Map(); // input path -> hashes; kept across watch rebuilds (loads may be cached)
    build.onStart(() => { started.at = Date.now(); });
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.m?js$/ }, async ({ path: file }) => {
      const source = await readFile(file, 'utf8');
      if (source.includes('__insertCSS(')) styleHashes.set(path.relative(root, file).split(path.sep).join('/'), insertedStyleHashes(source));
      return undefined; // esbuild loads the file as usual
    });
    build.onEnd(async (result) => {
      if (result.errors.length) return; // esbuild already printed them; keep the last good manifest
      const entry = Object.entries(result.metafile.outputs)
        .find(([, out]) => out.entryPoint === 'islands/main.jsx')[0];
      // Paths relative to static/: islands.py passes them to url_for('static', filename=...).
      const main = path.relative(path.join(root, 'static'), path.join(root, entry)).split(path.sep).join('/');
      const hashes = [...styleHashes].filter(([input]) => input in result.metafile.inputs).flatMap(([, h]) => h);
      Object.assign(written, { 'main.js': main, styleHashes: [...new Set(hashes)].sort() });
      await writeManifest();
      console.log(`islands: built ${main} in ${Date.now() - started.at} ms`);
    });
  },
};

const options = {
  absWorkingDir: root,
  entryPoints: ['islands/main.jsx'],
  bundle: true,
  format: 'esm',
  splitting: true,
  minify: true, // also defines process.env.NODE_ENV as "production"
  jsx: 'automatic', // no `import React` needed in every component
  target: 'es2020',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  outdir,
  metafile: true,
  logLevel: 'warning',
  plugins: [manifest],
};

// The settings pages' script (htmx and a few lines: islands/settings/settings.js), built on its own:
// in the islands' build it would share esbuild's runtime helpers with them, which would split a
// chunk of the /app page's first load in two (one more request within its 120 KB budget).
const settingsPage = {
  name: 'settings-page',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length) return;
      const [file] = Object.entries(result.metafile.outputs).find(([, out]) => out.entryPoint);
      written['settings.js'] = path.relative(path.join(root, 'static'), path.join(root, file)).split(path.sep).join('/');
      await writeManifest();
    });
  },
};
const pageOptions = {
  ...options, entryPoints: ['islands/settings/settings.js'], splitting: false, plugins: [settingsPage],
};

// Hashed names change on every edit: start from an empty folder so stale files do not pile up.
await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

if (watch) {
  for (const each of [options, pageOptions]) await (await esbuild.context(each)).watch();
  console.log('islands: watching for changes');
} else {
  await esbuild.build(options).catch(() => process.exit(1));
  await esbuild.build(pageOptions).catch(() => process.exit(1));
}
