#!/usr/bin/env node
// Greedy decoding with onnxruntime-web (WebAssembly backend, in Node) over train/export_onnx.py's
// graphs, printing target ids and every step's logits as JSON: tests/py/test_export_onnx.py compares
// them with the PyTorch reference model.
//   node bench/compare/onnx_check.mjs PREFIX '[[5,6,7,3],[9,3]]'
import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-web';
import { createOrtModel, ortGreedy } from './ort_greedy.mjs';

const [prefix, sources] = process.argv.slice(2);
ort.env.wasm.numThreads = 1;
const info = JSON.parse(readFileSync(`${prefix}.json`, 'utf8'));
const m = await createOrtModel(ort, { encoder: readFileSync(`${prefix}.encoder.onnx`), decoder: readFileSync(`${prefix}.decoder.onnx`), info });
const out = [];
for (const src of JSON.parse(sources)) {
  const r = await ortGreedy(m, src, { logits: true });
  out.push({ ids: r.ids, steps: r.steps, logits: r.logits.map((l) => Array.from(l)) });
}
process.stdout.write(JSON.stringify(out));
