// Export of a figure (an <svg> built by a view's figure()) as a standalone SVG file or a PNG.
// The page's CSS does not travel with a file, so a light-theme stylesheet is embedded.

const EXPORT_CSS = `
svg { font: 13px system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", sans-serif; }
text { fill: #1c1f24; } .fig-label { fill: #5d6470; font-size: 11px; } .fig-value { font-size: 10px; }
.fig-line { stroke: #5d6470; stroke-linecap: round; } .fig-line.current { stroke: #2563eb; } .fig-line.ctx { stroke: #c2410c; }
.fig-src rect { fill: #2563eb; stroke: #2563eb; } .fig-src.strong text { fill: #fff; } .fig-tgt rect { fill: #fde5d6; stroke: #c2410c; stroke-opacity: .4; }
.fig-tgt.current rect { stroke: #c2410c; stroke-opacity: 1; stroke-width: 2.5; } .ctx-box rect { fill: #fde5d6; stroke: #c2410c; }
.beam-edge { fill: none; stroke: #d9dce1; stroke-width: 1.2; } .beam-edge.kept { stroke: #5d6470; } .beam-edge.best { stroke: #c2410c; stroke-width: 2.5; }
.beam-node rect { fill: #fff; stroke: #5d6470; } .beam-node.pruned { opacity: .4; } .beam-node.kept rect { fill: #dbe6fd; stroke: #2563eb; }
.beam-node.finished rect { stroke: #15803d; stroke-width: 2.5; } .beam-node.best rect { stroke: #c2410c; stroke-width: 2.5; }
.beam-node text { font: 12px ui-monospace, Menlo, monospace; } .beam-score { fill: #5d6470; font-size: 10px; }
.grid { stroke: #d9dce1; } .bar.s0 { fill: #5d6470; } .bar.s1 { fill: #2563eb; } .bar.s2 { fill: #c2410c; }
.bar.cached { fill: #2563eb; } .bar.uncached { fill: #c2410c; } .bar.future { opacity: .2; }
`;

/** A standalone SVG document (string) of a figure. @param {SVGSVGElement} svg */
export function svgText(svg) {
  const out = /** @type {SVGSVGElement} */ (svg.cloneNode(true));
  out.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  out.removeAttribute('class');
  for (const el of out.querySelectorAll('[tabindex]')) el.removeAttribute('tabindex');
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = EXPORT_CSS;
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', '#ffffff');
  out.insertBefore(bg, out.firstChild);
  out.insertBefore(style, out.firstChild);
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(out);
}

/** @param {Blob} blob @param {string} name */
function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A PNG Blob of a figure at `scale` × its size.
 * @param {SVGSVGElement} svg
 * @param {number} [scale]
 * @returns {Promise<Blob>}
 */
export async function pngBlob(svg, scale = 2) {
  const text = svgText(svg);
  const w = Number(svg.getAttribute('width')) || svg.viewBox.baseVal.width || 600;
  const hgt = Number(svg.getAttribute('height')) || svg.viewBox.baseVal.height || 400;
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(w * scale);
    canvas.height = Math.ceil(hgt * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('PNG encoding failed: no 2D canvas');
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, w, hgt);
    return await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Saves the figure of a view element (one with a figure() method) as `name`.svg or .png.
 * @param {(Element & {figure?: () => SVGSVGElement|null}) | null} view  nothing is saved without a figure
 * @param {string} name
 * @param {string} [format]  'svg'; else PNG
 */
export async function exportFigure(view, name, format) {
  const svg = view?.figure?.();
  if (!svg) return false;
  if (format === 'svg') download(new Blob([svgText(svg)], { type: 'image/svg+xml' }), `${name}.svg`);
  else download(await pngBlob(svg), `${name}.png`);
  return true;
}
