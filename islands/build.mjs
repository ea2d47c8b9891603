// Bundles the React islands into static/build and writes the manifest islands.py reads.
// `node islands/build.mjs` builds once; `--watch` rebuilds on every change.
import * as esbuild from 'esbuild';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'static/build');
const watch = process.argv.includes('--watch');

// Runs after every build (the first one and each watch rebuild): maps the entry to its hashed name.
const manifest = {
  name: 'manifest',
  setup(build) {
    const started = { at: 0 };
    build.onStart(() => { started.at = Date.now(); });
    build.onEnd(async (result) => {
      if (result.errors.length) return; // esbuild already printed them; keep the last good manifest
      const entry = Object.entries(result.metafile.outputs)
        .find(([, out]) => out.entryPoint === 'islands/main.jsx')[0];
      // Paths relative to static/: islands.py passes them to url_for('static', filename=...).
      const main = path.relative(path.join(root, 'static'), path.join(root, entry)).split(path.sep).join('/');
      await writeFile(path.join(outdir, 'manifest.json'), JSON.stringify({ 'main.js': main }) + '\n');
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

// Hashed names change on every edit: start from an empty folder so stale files do not pile up.
await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log('islands: watching for changes');
} else {
  await esbuild.build(options).catch(() => process.exit(1));
}
