#!/usr/bin/env node
// The language identifier of the demo and the widgets (issue 29: "the direction follows the text"):
// eld (npm `eld`, Apache-2.0, character n-gram language detection; docs/langid.md says why this one),
// bundled with a subset of its `medium` n-gram database: only the languages the catalogue's models read
// or write (models/manifest.json) and a few more that readers often type (EXTRA: so that Italian text is
// named as Italian, which no model reads, rather than taken for the nearest catalogue language), about
// 100 KB brotli instead of 2 MB.
//
//   web/dist/attnseq-langid.js   an ES module: export function detect(text) -> {language, scores}
//
// Loaded lazily by web/src/lang/identify.js (beside the WebAssembly module in every layout).
// Run by scripts/build_wasm.sh; needs the devDependency eld and esbuild.
// Usage: node scripts/build_langid.mjs [--if-stale]
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LANGID_BUNDLE = path.join(ROOT, 'web', 'dist', 'attnseq-langid.js');
const ELD = path.join(ROOT, 'node_modules', 'eld', 'src');
const MANIFEST = path.join(ROOT, 'models', 'manifest.json');
const DATABASE = 'medium';
const EXTRA = ['de', 'es', 'it', 'ja', 'ko', 'nl', 'pt', 'ru'];

/** The languages identified: every model's source and target, and EXTRA, sorted. */
export function catalogueLanguages(manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'))) {
  return [...new Set([...manifest.models.flatMap((m) => [m.src, m.tgt]), ...EXTRA])].sort();
}

/** eld's n-gram table cut to `languages` (its subset format: the ids of the full table kept). */
export async function subsetDatabase(languages) {
  const { ngramsData } = await import(pathToFileURL(path.join(ELD, 'ngrams', `${DATABASE}.js`)).href);
  const ids = new Set(Object.entries(ngramsData.languages).filter(([, l]) => languages.includes(l)).map(([i]) => i));
  const missing = languages.filter((l) => !Object.values(ngramsData.languages).includes(l));
  if (missing.length) throw new Error(`eld's ${DATABASE} database has no ${missing.join(', ')}`);
  const ngrams = {};
  for (const [gram, weights] of Object.entries(ngramsData.ngrams)) {
    const kept = Object.entries(weights).filter(([id]) => ids.has(id));
    if (kept.length) ngrams[gram] = Object.fromEntries(kept);
  }
  return { type: ngramsData.type, languages: ngramsData.languages, isSubset: true, ngrams };
}

function isStale() {
  if (!existsSync(LANGID_BUNDLE)) return true;
  const t = statSync(LANGID_BUNDLE).mtimeMs;
  return [MANIFEST, fileURLToPath(import.meta.url), path.join(ROOT, 'node_modules', 'eld', 'package.json')]
    .some((f) => statSync(f).mtimeMs > t);
}

export async function buildLangid() {
  const languages = catalogueLanguages();
  const data = await subsetDatabase(languages);
  const tmp = path.join(ROOT, 'build', 'langid');
  mkdirSync(tmp, { recursive: true });
  writeFileSync(path.join(tmp, 'ngrams.js'), `// eld ${DATABASE} n-grams (Apache-2.0, Nito T.M.), cut to: ${languages.join(' ')}\n` +
    `export const ngramsData = ${JSON.stringify(data)};\n`);
  writeFileSync(path.join(tmp, 'entry.js'), `import { createEld } from ${JSON.stringify(path.join(ELD, 'languageDetector.js'))};
import { ngramsData } from './ngrams.js';
const { instance, loadData } = createEld();
loadData(ngramsData);
/** The languages this identifier knows (ISO 639-1), the catalogue's. */
export const LANGUAGES = ${JSON.stringify(languages)};
/** -> {language: the most likely of LANGUAGES or '' (nothing recognised), scores: {lang: 0..1}} */
export function detect(text) {
  const r = instance.detect(String(text));
  const all = r.getScores();
  const scores = {};
  for (const l of LANGUAGES) if (all[l]) scores[l] = all[l];
  let language = '';
  for (const l of LANGUAGES) if ((scores[l] ?? 0) > (scores[language] ?? 0)) language = l;
  return { language, scores };
}
`);
  await build({
    entryPoints: [path.join(tmp, 'entry.js')], bundle: true, format: 'esm', minify: true, target: 'es2020',
    outfile: LANGID_BUNDLE, legalComments: 'inline', logLevel: 'warning',
    banner: { js: '// attnseq language identifier: eld (https://github.com/nitotm/efficient-language-detector-js, Apache-2.0, Copyright 2023 Nito T.M.)' },
  });
  rmSync(tmp, { recursive: true, force: true });
  return { languages, bytes: statSync(LANGID_BUNDLE).size };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
  const { languages, bytes } = await buildLangid();
  console.log(`build_langid: web/dist/attnseq-langid.js (${languages.join(', ')}; ${bytes} bytes)`);
}
