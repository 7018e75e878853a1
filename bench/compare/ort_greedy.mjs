// Greedy decoding with onnxruntime over the two graphs of train/export_onnx.py (encoder + decoder step
// with the self-attention K/V cache as inputs/outputs). The same loop as the reference search
// (train/attnseq_train/search.py) and the C++ runtime: start from <s>, argmax each step (first maximum),
// stop at </s> or after min(2·S + 10, max_positions) tokens (eos counted). Runs in browsers and in Node.

/** @param ort the onnxruntime-web module; encoder/decoder: model bytes or URLs */
export async function createOrtModel(ort, { encoder, decoder, info }) {
  const opts = { executionProviders: ['wasm'], graphOptimizationLevel: 'all' };
  const enc = await ort.InferenceSession.create(encoder, opts);
  const dec = await ort.InferenceSession.create(decoder, opts);
  return { ort, enc, dec, info };
}

/** First index of the maximum (Float32Array). */
export function argmax(a) {
  let best = 0;
  let v = a[0];
  for (let i = 1; i < a.length; i++) if (a[i] > v) { v = a[i]; best = i; }
  return best;
}

/**
 * @param m from createOrtModel
 * @param {number[]} src source ids ending with </s>
 * @param {{logits?: boolean}} [opts] logits: also return each step's logits (tests)
 * @returns {Promise<{ids: number[], steps: number, encodeMs: number, logits?: Float32Array[]}>}
 *   ids without </s>
 */
export async function ortGreedy(m, src, opts = {}) {
  const { ort, enc, dec, info } = m;
  const { dec_layers: L, heads: H, head_dim: dh, bos, eos } = info;
  const S = src.length;
  const limit = Math.min(2 * S + 10, info.max_positions);
  const t0 = performance.now();
  const encOut = await enc.run({ src_ids: new ort.Tensor('int64', BigInt64Array.from(src, BigInt), [1, S]) });
  const encodeMs = performance.now() - t0;
  const crossK = encOut.cross_k;
  const crossV = encOut.cross_v;
  let pastK = new ort.Tensor('float32', new Float32Array(0), [L, 1, H, 0, dh]);
  let pastV = new ort.Tensor('float32', new Float32Array(0), [L, 1, H, 0, dh]);
  const ids = [];
  const logits = opts.logits ? [] : undefined;
  let token = bos;
  let steps = 0;
  for (let t = 0; t < limit; t++) {
    const out = await dec.run({
      token: new ort.Tensor('int64', BigInt64Array.of(BigInt(token)), [1, 1]),
      position: new ort.Tensor('int64', BigInt64Array.of(BigInt(t)), [1]),
      past_k: pastK, past_v: pastV, cross_k: crossK, cross_v: crossV,
    });
    steps++;
    const lg = out.logits.data;
    if (logits) logits.push(Float32Array.from(lg));
    token = argmax(lg);
    out.logits.dispose();
    pastK.dispose();
    pastV.dispose();
    pastK = out.present_k;
    pastV = out.present_v;
    if (token === eos) break;
    ids.push(token);
  }
  pastK.dispose();
  pastV.dispose();
  crossK.dispose();
  crossV.dispose();
  return { ids, steps, encodeMs, logits };
}
