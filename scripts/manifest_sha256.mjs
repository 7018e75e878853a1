// Writes each model's SHA-256 into models/manifest.json ("sha256"), which the demo and the widgets
// check after downloading a model (web/src/app/models.js → Translator.load's sha256 option): a file
// damaged in transit, e.g. flipped weight bytes the loader cannot tell apart, is a clear message.
// Run after replacing a model file:  node scripts/manifest_sha256.mjs   (--check: only compare)
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'models', 'manifest.json');
const manifest = JSON.parse(readFileSync(file, 'utf8'));
const stale = [];
for (const m of manifest.models) {
  const sha = createHash('sha256').update(readFileSync(path.join(root, 'models', m.file))).digest('hex');
  if (m.sha256 !== sha) stale.push(m.id);
  m.sha256 = sha;
}
if (process.argv.includes('--check')) {
  if (stale.length) {
    console.error(`models/manifest.json: sha256 missing or stale for ${stale.join(', ')}; run node scripts/manifest_sha256.mjs`);
    process.exit(1);
  }
  console.log('models/manifest.json: every sha256 matches its file');
} else {
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(stale.length ? `models/manifest.json: sha256 written for ${stale.join(', ')}` : 'models/manifest.json: up to date');
}
