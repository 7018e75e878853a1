// The index math of the contract's tensors: a step's attention weights for a layer and head, the
// rows of the alignment and self-attention figures, and attention aggregated over word groups.
/** @typedef {import('./schema.js').Run} Run */
/** @typedef {import('./schema.js').Step} Step */
/** @typedef {import('./schema.js').AttentionStack} AttentionStack */

/**
 * Attention aggregated over groups: row group I, column group J → the mean over I's rows of the sum
 * over J's columns (each row stays a distribution: it sums to 1 when the pieces' rows do).
 * @param {ArrayLike<number>[]} rows
 * @param {number[][]} rowGroups   groups of row indices (only rows that exist are used)
 * @param {number[][]} colGroups
 * @returns {Float32Array[]}
 */
export function aggregate(rows, rowGroups, colGroups) {
  const out = [];
  for (const I of rowGroups) {
    const have = I.filter((r) => r < rows.length);
    if (!have.length) break;
    const row = new Float32Array(colGroups.length);
    colGroups.forEach((J, c) => {
      let sum = 0;
      for (const r of have) for (const j of J) sum += rows[r][j] ?? 0;
      row[c] = sum / have.length;
    });
    out.push(row);
  }
  return out;
}

/**
 * The S weights of one step for a layer/head; head 'mean' averages the heads, layer 'alignment' (or a
 * step without cross-attention) gives the step's alignment.
 * @param {Step} step
 * @param {number|'alignment'} layer
 * @param {number|'mean'} head
 * @returns {Float32Array|number[]}
 */
export function stepWeights(step, layer = 'alignment', head = 'mean') {
  const ca = step.crossAttention;
  if (layer === 'alignment' || !ca || !ca.data || ca.data.length === 0) return step.alignment;
  const l = Math.min(Math.max(0, layer), ca.layers - 1);
  const S = ca.cols;
  const out = new Float32Array(S);
  if (head === 'mean') {
    for (let h = 0; h < ca.heads; h++) {
      const base = (l * ca.heads + h) * S;
      for (let j = 0; j < S; j++) out[j] += ca.data[base + j] / ca.heads;
    }
  } else {
    const base = (l * ca.heads + Math.min(Math.max(0, head), ca.heads - 1)) * S;
    for (let j = 0; j < S; j++) out[j] = ca.data[base + j];
  }
  return out;
}

/**
 * Rows (one per shown step) of source weights: the alignment matrix T × S up to step `upto` (inclusive).
 * @param {Run} run
 * @param {number} upto
 * @param {number|'alignment'} layer
 * @param {number|'mean'} head
 */
export function attentionRows(run, upto, layer = 'alignment', head = 'mean') {
  const rows = [];
  const n = Math.min(run.steps.length - 1, upto);
  for (let i = 0; i <= n; i++) rows.push(stepWeights(run.steps[i], layer, head));
  return rows;
}

/**
 * One S × S encoder self-attention matrix (rows: queries).
 * @param {AttentionStack} stack
 * @param {number} layer
 * @param {number|'mean'} head
 * @returns {Float32Array[]}
 */
export function selfAttentionRows(stack, layer, head = 'mean') {
  if (!stack) return [];
  const { rows: R, cols: C, heads: H } = stack;
  const l = Math.min(Math.max(0, layer), stack.layers - 1);
  const out = [];
  for (let i = 0; i < R; i++) {
    const row = new Float32Array(C);
    for (let h = 0; h < H; h++) {
      if (head !== 'mean' && h !== head) continue;
      const base = ((l * H + h) * R + i) * C;
      const w = head === 'mean' ? 1 / H : 1;
      for (let j = 0; j < C; j++) row[j] += stack.data[base + j] * w;
    }
    out.push(row);
  }
  return out;
}
