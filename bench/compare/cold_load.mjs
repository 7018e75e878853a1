// First (cold) load of a model file in a fresh Node process, after the module is instantiated: ms.
//   node bench/compare/cold_load.mjs MODEL
import { Translator } from '../../web/src/index.js';
import { readFileSync } from 'node:fs';
const bytes = new Uint8Array(readFileSync(process.argv[2]));
await Translator.decodingOptions();
const t0 = performance.now();
await Translator.load(bytes, { worker: false });
console.log((performance.now() - t0).toFixed(1));
