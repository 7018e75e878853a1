// Number formats shared by the views (no DOM: Node tests import it too).

/**
 * Formats a probability as a percentage: whole numbers from 10 % to 99.5 %, one decimal below and above
 * (so that 99.53 % beside 0.3 % does not read "100%"), "<0.1%" and ">99.9%" at the ends; within float
 * rounding of 1 (a softmax's sum, 0.99999994) it is 100%.
 * @param {number} p
 */
export function pct(p) {
  const v = p * 100;
  if (v > 0 && v < 0.05) return '<0.1%';
  if (v < 99.9999 && v >= 99.95) return '>99.9%';
  if (v >= 99.9999) return '100%';
  return (v >= 9.95 && v < 99.5) || v >= 100 ? `${Math.round(v)}%` : `${v.toFixed(1)}%`;
}

/** The number of pct() without its % sign: a heatmap cell's text (so that a cell reads as its readout). */
export const pctNumber = (/** @type {number} */ p) => pct(p).replace('%', '');
