// Bundles the React islands into static/build and writes the manifest islands.py reads.
// `node islands/build.mjs` builds once; `--watch` rebuilds on every change.
import * as esbuild from 'esbuild';
import gettextParser from 'gettext-parser';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildRoot = path.join(root, 'static/build');
const watch = process.argv.includes('--watch');
const LANGUAGES = ['ru', 'en'];
const CATALOGUE = (lang) => path.join(root, `site/lobby/translations/${lang}/LC_MESSAGES/messages.po`);

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

// The manifest, filled by every build below (two entries × two languages): each writes it whole
// after each of its builds. { ru: {'main.js', 'settings.js'}, en: {...}, styleHashes: [...] }
const written = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}]));
const writeManifest = () => writeFile(path.join(buildRoot, 'manifest.json'), JSON.stringify(written) + '\n');
const relativeToStatic = (file) => path.relative(path.join(root, 'static'), path.join(root, file)).split(path.sep).join('/');

// The catalogue (msgid = the Russian text) as a Map for one language; Russian maps to itself.
async function catalogue(lang) {
  if (lang === 'ru') return new Map();
  const parsed = gettextParser.po.parse(await readFile(CATALOGUE(lang)));
  const entries = Object.values(parsed.translations).flatMap((context) => Object.values(context));
  return new Map(entries.filter((e) => e.msgid && e.msgstr[0])
    .map((e) => [e.msgctxt ? `${e.msgctxt}\u0004${e.msgid}` : e.msgid, e.msgstr[0]]));
}

// t('literal') and tp('literal', n) in the islands' own files (islands/lib/i18n.js): the literal
// is swapped for the catalogue's text before esbuild reads the file, and a t() with nothing to
// fill becomes the bare string, so the bundles carry one language each and look nothing up.
// tc('context', 'literal') is looked up under its context and becomes t('…') or the bare string.
const MARKED = /(?<![\w$.])(?:(tp?)\(|tc\(\s*'([\w-]+)'\s*,)\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")(\s*\))?/g;
const literalValue = (literal) => Function(`"use strict"; return ${literal};`)();

function translate(lang) {
  return {
    name: `translate-${lang}`,
    setup(build) {
      const words = { map: new Map(), missing: new Set() };
      build.onStart(async () => { words.map = await catalogue(lang); words.missing.clear(); });
      build.onLoad({ filter: /[\\/]islands[\\/].*\.jsx?$/ }, async ({ path: file }) => {
        if (file.endsWith(path.join('lib', 'i18n.js'))) return undefined; // its comments show the markers
        const source = await readFile(file, 'utf8');
        const contents = source.replace(MARKED, (whole, call, context, literal, closed) => {
          const russian = literalValue(literal);
          const key = context ? `${context}\u0004${russian}` : russian;
          let text = russian;
          if (lang !== 'ru') {
            text = words.map.get(key);
            if (text === undefined) { words.missing.add(key); text = russian; }
          }
          const marker = call === 'tp' ? 'tp' : 't';
          return marker === 't' && closed ? JSON.stringify(text) : `${marker}(${JSON.stringify(text)}${closed ?? ''}`;
        });
        return { contents, loader: file.endsWith('.jsx') ? 'jsx' : 'js' };
      });
      build.onEnd(() => {
        if (words.missing.size) console.warn(`islands: ${words.missing.size} texts have no ${lang} translation (tests/test_translations.py lists them)`);
      });
    },
  };
}

// Runs after every build (the first one and each watch rebuild): maps the entry to its hashed name
// and lists the CSP hashes of the styles the bundle inserts.
const manifest = (lang) => ({
  name: `manifest-${lang}`,
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
      const main = relativeToStatic(entry);
      const hashes = [...styleHashes].filter(([input]) => input in result.metafile.inputs).flatMap(([, h]) => h);
      written[lang]['main.js'] = main;
      written.styleHashes = [...new Set([...(written.styleHashes ?? []), ...hashes])].sort();
      await writeManifest();
      console.log(`islands: built ${main} in ${Date.now() - started.at} ms`);
    });
  },
});

const options = (lang) => ({
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
  outdir: path.join(buildRoot, lang),
  define: { __LANG__: JSON.stringify(lang) },
  // The bundled packages' license notices go to a `<file>.LEGAL.txt` beside each file, named in
  // its last line, instead of inside it: the same notices, shipped, but not downloaded by every
  // page (a chunk with icons carried one line per icon; about 1 KB gzipped of the /app first load).
  legalComments: 'linked',
  metafile: true,
  // A package's stylesheet imported by an island is its text (the image viewer's), which the island
  // adopts as a constructed stylesheet: no <style> element for the page's CSP to refuse.
  loader: { '.css': 'text' },
  logLevel: 'warning',
  plugins: [translate(lang), manifest(lang)],
});

// The settings pages' script (htmx and a few lines: islands/settings/settings.js), built on its own:
// in the islands' build it would share esbuild's runtime helpers with them, which would split a
// chunk of the /app page's first load in two (one more request within its 120 KB budget).
const settingsPage = (lang) => ({
  name: `settings-page-${lang}`,
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length) return;
      const [file] = Object.entries(result.metafile.outputs).find(([, out]) => out.entryPoint);
      written[lang]['settings.js'] = relativeToStatic(file);
      await writeManifest();
    });
  },
});
// Splitting (its own chunks, not the islands'): the password strength estimator loads only when
// a new password is typed (islands/lib/passwordHint.js), never with the page.
const pageOptions = (lang) => ({
  ...options(lang), entryPoints: ['islands/settings/settings.js'], splitting: true,
  plugins: [translate(lang), settingsPage(lang)],
});
const builds = LANGUAGES.flatMap((lang) => [options(lang), pageOptions(lang)]);

// Hashed names change on every edit: start from an empty folder so stale files do not pile up.
await rm(buildRoot, { recursive: true, force: true });
await mkdir(buildRoot, { recursive: true });

if (watch) {
  for (const each of builds) await (await esbuild.context(each)).watch();
  console.log('islands: watching for changes');
} else {
  // One after another: the manifest is written whole by each, so they must not interleave.
  for (const each of builds) await esbuild.build(each).catch(() => process.exit(1));
}
