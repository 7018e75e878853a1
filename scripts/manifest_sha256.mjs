// Writes into models/manifest.json what the catalogue must know before a model is loaded, read from
// each model file itself (its bytes and its header), so the catalogue never restates it by hand:
//   sha256     checked after downloading (web/src/app/models.js → Translator.load's sha256 option)
//   bytes      the file's size: the loading status shows "1.4 of 2.7 MB" and a progress bar where the
//              download itself has no total (a compressed transfer)
//   arch       "transformer" | "rnn" | "conv"                (the file's config)
//   attention  "multihead" | "additive" | "dot" | "general" | "scaled_dot" | "none"   (the file's config)
//   src, tgt   language codes                              (the file's training metadata)
//   encoder    how the encoder links source positions (the file's config): {kind: "self-attention",
//              layers} | {kind: "conv", layers, kernel} | {kind: "rnn", bidirectional: true}; the
//              path-length view (app/paths.js) draws each scheme from these, before any model is loaded
// The page picks models by these (the Compare view, widgets' model="noattn"), and checks the loaded
// model's info against them. Run after replacing a model file:  node scripts/manifest_sha256.mjs
// (--check: only compare; exit status 1 when anything is stale).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encoderOf as encoderOfConfig } from '../web/src/app/paths.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'models', 'manifest.json');
const manifest = JSON.parse(readFileSync(file, 'utf8'));

/** The encoder's facts from a file's config (see above): the page's own rule (app/paths.js), on the file's snake_case keys. */
function encoderOf(config) {
  return encoderOfConfig({ arch: config.arch, encLayers: config.enc_layers, convLayers: config.conv_layers, kernel: config.kernel });
}

/** The facts of one model file: {sha256, bytes, arch, attention, src, tgt, encoder}. */
function factsOf(bytes) {
  const n = Number(Buffer.from(bytes.subarray(0, 8)).readBigUInt64LE());
  const meta = JSON.parse(Buffer.from(bytes.subarray(8, 8 + n)).toString('utf8')).__metadata__ ?? {};
  const config = JSON.parse(meta.config ?? '{}');
  const training = JSON.parse(meta.training ?? '{}');
  return {
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
    arch: config.arch,
    attention: config.arch === 'transformer' ? 'multihead' : config.attention,
    src: training.data?.src,
    tgt: training.data?.tgt,
    encoder: encoderOf(config),
  };
}

const stale = [];
for (const m of manifest.models) {
  const facts = factsOf(readFileSync(path.join(root, 'models', m.file)));
  for (const [k, v] of Object.entries(facts)) {
    if (v === undefined) continue;
    if (JSON.stringify(m[k]) !== JSON.stringify(v)) stale.push(`${m.id}.${k}`);
    m[k] = v;
  }
}
if (process.argv.includes('--check')) {
  if (stale.length) {
    console.error(`models/manifest.json: missing or stale: ${stale.join(', ')}; run node scripts/manifest_sha256.mjs`);
    process.exit(1);
  }
  console.log('models/manifest.json: every entry matches its file (sha256, bytes, arch, attention, src, tgt, encoder)');
} else {
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(stale.length ? `models/manifest.json: written ${stale.join(', ')}` : 'models/manifest.json: up to date');
}
