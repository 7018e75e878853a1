#!/usr/bin/env node
// Per-token CPU time of every contender (I8 and F32), one bar per machine run, as an SVG: the last
// run of each kind of machine side by side (docs/benchmarks.md, "Machines differ").
//   node bench/compare/per_token_svg.mjs --run "LABEL=RESULTS.json" [--run ...] [--out bench/results/per-token.svg]
// RESULTS.json: a report of bench/run.sh (bench/results/<date>.json: its `summary`, one entry per
// contender) or of side_by_side.mjs (its `rows`). LABEL names the machine and the date, e.g.
// "Intel Xeon, 2026-12-05 11:46". The bar is the median over the repeats, the whisker min–max; a
// contender missing from a run has no bar in that run's colour.
import { readFileSync, writeFileSync } from 'node:fs';

/** A results file → [{contender, median, min, max}] (CPU ms per generated token). */
export function contendersOf(results) {
  if (results.summary)
    return Object.values(results.summary).filter((s) => s.cpu_ms_per_token)
      .map((s) => ({ contender: s.label, median: s.cpu_ms_per_token.median, min: s.cpu_ms_per_token.min, max: s.cpu_ms_per_token.max }));
  if (results.rows)
    return results.rows.map((r) => ({ contender: r.label, median: r.median, min: Math.min(...r.cpu_ms_per_token), max: Math.max(...r.cpu_ms_per_token) }));
  throw new Error('neither a bench/run.sh report (summary) nor a side_by_side.mjs report (rows)');
}

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const COLOURS = ['#4e79a7', '#e15759', '#59a14f', '#f28e2b', '#76b7b2', '#b07aa1'];

/**
 * @param {{label: string, rows: {contender: string, median: number, min: number, max: number}[]}[]} runs
 * @param {string} [title]
 */
export function perTokenSvg(runs, title = 'CPU milliseconds per generated token (median; whisker: min–max over the repeats; shorter is faster)') {
  const contenders = [...new Set(runs.flatMap((r) => r.rows.map((x) => x.contender)))];
  const max = Math.max(...runs.flatMap((r) => r.rows.map((x) => x.max)));
  const labelW = 330, plotW = 520, bar = 14, gap = 10, W = labelW + plotW + 90;
  const legendH = 22 * runs.length + 10, top = 34 + legendH;
  const groupH = runs.length * bar + gap;
  const H = top + contenders.length * groupH + 40;
  const x = (v) => labelW + (v / max) * plotW;
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`, `<text x="10" y="20" font-size="13" font-weight="bold">${esc(title)}</text>`];
  runs.forEach((r, i) => {
    const y = 34 + 22 * i;
    out.push(`<rect x="10" y="${y}" width="14" height="14" fill="${COLOURS[i % COLOURS.length]}"/>`, `<text x="30" y="${y + 11}">${esc(r.label)}</text>`);
  });
  contenders.forEach((c, ci) => {
    const y0 = top + ci * groupH;
    out.push(`<text x="${labelW - 8}" y="${y0 + (runs.length * bar) / 2 + 4}" text-anchor="end">${esc(c)}</text>`);
    runs.forEach((r, ri) => {
      const v = r.rows.find((x) => x.contender === c);
      const y = y0 + ri * bar;
      if (!v) { out.push(`<text x="${labelW + 4}" y="${y + 11}" fill="#888" font-size="10">not run</text>`); return; }
      out.push(`<rect x="${labelW}" y="${y + 1}" width="${(x(v.median) - labelW).toFixed(1)}" height="${bar - 2}" fill="${COLOURS[ri % COLOURS.length]}"/>`,
        `<line x1="${x(v.min).toFixed(1)}" x2="${x(v.max).toFixed(1)}" y1="${y + bar / 2}" y2="${y + bar / 2}" stroke="#222"/>`,
        `<text x="${(x(v.max) + 4).toFixed(1)}" y="${y + 11}" font-size="10">${v.median.toFixed(3)}</text>`);
    });
  });
  const axisY = top + contenders.length * groupH + 4;
  out.push(`<line x1="${labelW}" x2="${labelW + plotW}" y1="${axisY}" y2="${axisY}" stroke="#444"/>`);
  const step = max > 1.5 ? 0.5 : max > 0.6 ? 0.2 : 0.1;
  for (let v = 0; v <= max + 1e-9; v += step)
    out.push(`<line x1="${x(v).toFixed(1)}" x2="${x(v).toFixed(1)}" y1="${axisY}" y2="${axisY + 4}" stroke="#444"/>`,
      `<text x="${x(v).toFixed(1)}" y="${axisY + 16}" text-anchor="middle" font-size="10">${v.toFixed(1)}</text>`);
  out.push(`<text x="${labelW + plotW / 2}" y="${axisY + 32}" text-anchor="middle" font-size="11">CPU ms / token</text>`, '</svg>', '');
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const runs = argv.flatMap((a, i) => (a === '--run' ? [argv[i + 1]] : [])).map((spec) => {
    const eq = spec.lastIndexOf('=');
    return { label: spec.slice(0, eq), rows: contendersOf(JSON.parse(readFileSync(spec.slice(eq + 1), 'utf8'))) };
  });
  const i = argv.indexOf('--out');
  const out = i >= 0 ? argv[i + 1] : 'bench/results/per-token.svg';
  if (!runs.length) { console.error('usage: per_token_svg.mjs --run "LABEL=RESULTS.json" [--run ...] [--out FILE]'); process.exit(2); }
  writeFileSync(out, perTokenSvg(runs));
  console.log(`per_token_svg: ${out} (${runs.map((r) => `${r.label}: ${r.rows.length} contenders`).join('; ')})`);
}
