// Median and spread of the per-repeat measurements of each contender, and the target ratios.

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (!n) return null;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/** {median, min, max, values} of a list of numbers (nulls left out; null when none). */
export function spread(values) {
  const xs = values.filter((x) => typeof x === 'number' && Number.isFinite(x));
  if (!xs.length) return null;
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs), values: xs };
}

/** One repeat's metrics. */
export function metrics(run) {
  return {
    sentences_per_s: run.sentences / (run.total_ms / 1e3),
    ms_per_token: run.total_ms / run.steps,
    cpu_ms_per_token: run.cpu_ms != null ? run.cpu_ms / run.steps : null,
    sentences_per_cpu_s: run.cpu_ms ? run.sentences / (run.cpu_ms / 1e3) : null,
    load_ms: run.load_ms,
    startup_ms: run.startup_ms ?? null,
    peak_rss_bytes: run.peak_rss_bytes ?? null,
    wasm_memory_bytes: run.wasm_memory_bytes ?? null,
    steps: run.steps,
    encode_share: run.encode_ms != null ? run.encode_ms / run.total_ms : null,
    gmacs: run.macs ? run.macs / (run.total_ms / 1e3) / 1e9 : null,
  };
}

/** contenders: [{id, label, runs}] → {id: {label, <metric>: spread}} */
export function summarize(contenders) {
  const out = {};
  for (const { id, label, runs } of contenders) {
    const ms = runs.map(metrics);
    const s = { label, repeats: runs.length, steps: runs[0]?.steps ?? null };
    for (const k of Object.keys(ms[0] ?? {})) if (k !== 'steps') s[k] = spread(ms.map((m) => m[k]));
    out[id] = s;
  }
  return out;
}

/** Ratio of two contenders' median of `key` (throughput: higher is better). */
export function ratio(summary, a, b, key = 'sentences_per_s') {
  const x = summary[a]?.[key]?.median;
  const y = summary[b]?.[key]?.median;
  return x && y ? x / y : null;
}

/** The same ratio from CPU time per token (b / a: lower CPU time is better). */
export function cpuRatio(summary, a, b) {
  const x = summary[a]?.cpu_ms_per_token?.median;
  const y = summary[b]?.cpu_ms_per_token?.median;
  return x && y ? y / x : null;
}

/** The CPU-time ratio of each repeat (b_i / a_i: the contenders of one repeat ran back to back, so each
 * pair shares the machine's state of that moment) → spread, or null. */
export function pairedCpuRatios(summary, a, b) {
  const x = summary[a]?.cpu_ms_per_token?.values;
  const y = summary[b]?.cpu_ms_per_token?.values;
  if (!x?.length || x.length !== y?.length) return null;
  return spread(x.map((xi, i) => y[i] / xi));
}

export const TARGETS = [
  { name: 'attnseq WebAssembly (Chromium) ≥ 3× onnxruntime-web', a: 'wasm-chromium', b: 'ort-chromium', min: 3 },
  { name: 'attnseq WebAssembly (Chromium) ≥ 0.5× attnseq native', a: 'wasm-chromium', b: 'native', min: 0.5 },
  { name: 'attnseq WebAssembly (Node) ≥ 0.5× attnseq native', a: 'wasm-node', b: 'native', min: 0.5 },
  { name: 'attnseq WebAssembly (Chromium) ≥ 2× PyTorch eager CPU', a: 'wasm-chromium', b: 'pytorch', min: 2 },
  { name: 'attnseq WebAssembly (Node) ≥ 2× PyTorch eager CPU', a: 'wasm-node', b: 'pytorch', min: 2 },
  // the shipped I8 files (what the demo and widgets run): as fast as F32, and ≥ 0.5× native on the same file
  { name: 'attnseq WebAssembly (Chromium), I8 file ≥ 0.5× attnseq native, I8 file', a: 'wasm-chromium-i8', b: 'native-i8', min: 0.5 },
  { name: 'attnseq WebAssembly (Node), I8 file ≥ 0.5× attnseq native, I8 file', a: 'wasm-node-i8', b: 'native-i8', min: 0.5 },
  { name: 'attnseq WebAssembly (Chromium), I8 file ≥ 1× the F32 file', a: 'wasm-chromium-i8', b: 'wasm-chromium', min: 1 },
  { name: 'attnseq WebAssembly (Node), I8 file ≥ 1× the F32 file', a: 'wasm-node-i8', b: 'wasm-node', min: 1 },
  // the path people run against onnxruntime-web on the same numbers (its F32 file is the I8 file dequantized)
  { name: 'attnseq WebAssembly (Chromium), I8 file ≥ 3× onnxruntime-web', a: 'wasm-chromium-i8', b: 'ort-chromium', min: 3 },
];
