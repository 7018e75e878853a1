// <attnseq-paths>: what connects two source tokens in each encoder scheme (app/paths.js computes it from
// the shipped models' configuration): the convolution's windows lit layer by layer until one window
// holds both (or the note that the stack never gets that far), the RNN's chain of states, and
// self-attention's single step, each with its number of steps. The reader picks the two tokens.
/**
 * @typedef {import('../app/paths.js').PathEntry} PathEntry
 * @typedef {Object} PathsViewData  (app/paths.js runPaths)
 * @property {string[]} tokens
 * @property {number} from
 * @property {number} to
 * @property {Parameters<typeof modelLabel>[0]} tokenModel  catalogue entry or ModelInfo (named in the UI language)
 * @property {ReturnType<typeof import('../app/paths.js').schemesOf>} schemes  {kind, entry | null, otherSource}
 * @typedef {ReturnType<typeof pathsData>} Paths  what is drawn: the schemes' paths between the picked tokens
 * @typedef {Paths['schemes'][number]} Scheme
 */
// Emits attnseq-paths-pick {from, to} when the reader picks another token.
import { View, define, h, s, focusableScroll } from './dom.js';
import { t } from '../i18n/index.js';
import { pathsData } from '../app/paths.js';
import { modelLabel } from '../app/model-names.js';

// X0: the left margin, where the convolution's figure numbers its layers (kept in every figure so that
// the three stacked figures' columns line up).
const CW = 30, ROW = 22, TOP = 8, X0 = 18;
const nameOf = (/** @type {Parameters<typeof modelLabel>[0] | null} */ entry) => (entry ? modelLabel(entry) : '');

/** @extends {View<PathsViewData>} */
class PathLengths extends View {
  /** @type {{from: number, to: number} | null} */
  #picks = null;  // the reader's picks: {from, to}, kept until the tokens change

  /** @param {PathsViewData | null} v */
  set data(v) {
    if (!v || !this.#picks || v.tokens?.join('\u0000') !== this.#tokensKey) this.#picks = null;
    this.#tokensKey = v?.tokens?.join('\u0000') ?? '';
    super.data = v;
  }

  get data() { return super.data; }

  #tokensKey = '';

  /** @param {PathsViewData | null} d */
  render(d) {
    this.replaceChildren();
    if (!d || !d.tokens?.length) { this.appendChild(h('p', { class: 'empty' }, t('view.empty'))); return; }
    const from = this.#picks?.from ?? d.from, to = this.#picks?.to ?? d.to;
    const p = pathsData(d.tokens, from, to, d.schemes, d.tokenModel);
    const pick = (/** @type {'from' | 'to'} */ which) => {
      const id = `paths-${which}-${Math.random().toString(36).slice(2, 8)}`;
      const sel = h('select', { id, class: `paths-${which}`, onchange: (e) => this.#pick(which, Number(/** @type {HTMLSelectElement} */ (e.target).value), p) },
        d.tokens.map((x, k) => h('option', { value: k, selected: k === p[which] }, `${k + 1}. ${x}`)));
      return h('span', { class: 'paths-field' }, h('label', { for: id }, t(which === 'from' ? 'paths.from' : 'paths.to')), ' ', sel);
    };
    const A = d.tokens[p.from], B = d.tokens[p.to], dist = Math.abs(p.from - p.to);
    this.append(
      h('p', { class: 'paths-pick' }, pick('from'), ' ', pick('to')),
      h('p', { class: 'paths-distance' }, dist === 0 ? t('paths.same') : t('paths.distance', { a: A, b: B, d: dist }), ' ',
        h('span', { class: 'hint' }, t('paths.tokens', { model: nameOf(d.tokenModel) }))));
    for (const sc of p.schemes) this.appendChild(this.#scheme(sc, p, A, B));
    requestAnimationFrame(() => revealPicks(this));
  }

  /**
   * @param {'from' | 'to'} which
   * @param {number} value
   * @param {Paths} p
   */
  #pick(which, value, p) {
    this.#picks = { from: p.from, to: p.to, [which]: value };
    this.emit('attnseq-paths-pick', { ...this.#picks });
    this.invalidate();
  }

  /**
   * @param {Scheme} sc
   * @param {Paths} p
   * @param {string} A
   * @param {string} B
   */
  #scheme(sc, p, A, B) {
    const box = h('section', { class: `path path-${sc.kind}`, 'data-scheme': sc.kind });
    const title = { conv: 'paths.conv', rnn: 'paths.rnn', 'self-attention': 'paths.self' }[sc.kind];
    const enc = sc.entry?.encoder;  // (there is a path when there is an encoder)
    if (!sc.entry || !sc.path || !enc) {
      const name = { conv: 'paths.nameConv', rnn: 'paths.nameRnn', 'self-attention': 'paths.nameSelf' }[sc.kind];
      box.appendChild(h('p', { class: 'path-title' }, t('paths.noModel', { scheme: t(name) })));
      return box;
    }
    const path = sc.path;
    const layers = 'layers' in enc ? enc.layers : undefined, kernel = enc.kind === 'conv' ? enc.kernel : undefined;
    const field = enc.kind === 'conv' ? 1 + enc.layers * (enc.kernel - 1) : 0;
    box.appendChild(h('p', { class: 'path-title' }, h('strong', {}, t(title, { model: nameOf(sc.entry), kernel: kernel ?? '', layers: layers ?? '', field })),
      sc.otherSource ? h('span', { class: 'hint' }, ` ${t('paths.otherSource')}`) : null));
    const n = p.tokens.length;
    // (path.kind is the scheme's: the path is of the entry's encoder, which is of that kind)
    const svg = path.kind === 'conv' ? convFigure(path, p, n, A, B) : path.kind === 'rnn' ? chainFigure(path, p, n) : selfFigure(p, n, path.layers);
    box.appendChild(focusableScroll(svg, svg.getAttribute('aria-label') ?? ''));  // a long sentence scrolls sideways
    const steps = path.distance === 0 ? t('paths.zero')
      : path.kind === 'conv' ? (path.steps == null ? t('paths.convNever', { layers: layers ?? '', reach: path.reach, d: path.distance }) : t('paths.convSteps', { steps: path.steps }))
        : path.kind === 'rnn' ? t('paths.rnnSteps', { steps: path.steps }) : t('paths.selfSteps', { steps: path.steps, layers: path.layers });
    box.appendChild(h('p', { class: 'path-steps', 'data-steps': path.steps ?? 'none' }, steps));
    return box;
  }
}

/**
 * Scrolls each figure that is wider than its box so that the two picked tokens are in view (a long
 * sentence's figure opened at its start, and the pick at tokens 45 and 50 of a 60-token sentence was out
 * of sight): both centred when they fit in the box, else the first one at its left edge.
 * @param {Element} root
 */
export function revealPicks(root) {
  for (const box of root.querySelectorAll('.fig-scroll')) {
    const a = box.querySelector('text.tok.a'), b = box.querySelector('text.tok.b') ?? a;
    if (!a || !b || box.scrollWidth <= box.clientWidth) continue;
    const origin = box.getBoundingClientRect().left - box.scrollLeft;
    const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    const lo = Math.min(ra.left, rb.left) - origin, hi = Math.max(ra.right, rb.right) - origin;
    const room = box.clientWidth;
    box.scrollLeft = Math.max(0, hi - lo <= room - 16 ? (lo + hi - room) / 2 : lo - 8);
  }
}

/** The token row (y) with the two picked tokens marked. @param {SVGSVGElement} svg @param {Paths} p @param {number} y */
function tokenRow(svg, p, y) {
  p.tokens.forEach((x, k) => {
    const cls = k === p.from ? 'tok a' : k === p.to ? 'tok b' : 'tok';
    svg.appendChild(s('text', { class: cls, x: X0 + k * CW + CW / 2, y, 'text-anchor': 'middle' }, x.length > 4 ? `${x.slice(0, 3)}…` : x));
  });
}

/** @param {number} n @param {number} rows @param {string} label */
function frame(n, rows, label) {
  const W = X0 + n * CW, H = TOP + rows * ROW + 6;
  return s('svg', { class: 'fig fig-paths', width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label });
}

/**
 * Layer 0 = the tokens; layer l's cells: which of the two picked tokens each position sees.
 * @param {import('../app/paths.js').ConvPath} path @param {Paths} p @param {number} n @param {string} A @param {string} B
 */
function convFigure(path, p, n, A, B) {
  const L = path.layers.length;
  const svg = frame(n, L + 1, t('paths.figConv', { a: A, b: B, layers: L }));
  tokenRow(svg, p, TOP + 14);
  for (const lay of path.layers) {
    const y = TOP + lay.layer * ROW;
    const after = path.meet != null && lay.layer > path.meet;
    svg.appendChild(s('text', { class: 'lay', x: X0 - 4, y: y + 15, 'text-anchor': 'end' }, String(lay.layer)));
    for (let c = 0; c < n; c++) {
      const inA = c >= lay.a[0] && c <= lay.a[1], inB = c >= lay.b[0] && c <= lay.b[1];
      const cls = `cell${inA && inB ? ' ab' : inA ? ' a' : inB ? ' b' : ''}${after ? ' after' : ''}${lay.layer === path.meet && inA && inB ? ' meet' : ''}`;
      svg.appendChild(s('rect', { class: cls, x: X0 + c * CW + 3, y: y + 3, width: CW - 6, height: ROW - 6, rx: 3 },
        s('title', {}, t('paths.cell', { layer: lay.layer, pos: c + 1, field: lay.field }))));
    }
  }
  return svg;
}

/**
 * The chain of states h1 … hn, the part from one picked token to the other drawn strong.
 * @param {import('../app/paths.js').RnnPath} path @param {Paths} p @param {number} n
 */
function chainFigure(path, p, n) {
  const svg = frame(n, 2, t('paths.figRnn', { steps: path.steps }));
  tokenRow(svg, p, TOP + 14);
  const y = TOP + ROW + 10;
  for (let c = 0; c < n; c++) {
    const on = c >= path.chain[0] && c <= path.chain[1];
    if (c > 0) svg.appendChild(s('line', { class: `link${on && c > path.chain[0] ? ' on' : ''}`, x1: X0 + (c - 1) * CW + CW / 2 + 7, x2: X0 + c * CW + CW / 2 - 7, y1: y, y2: y }));
    svg.appendChild(s('circle', { class: `state${on ? ' on' : ''}`, cx: X0 + c * CW + CW / 2, cy: y, r: 7 }, s('title', {}, `h${c + 1}`)));
  }
  return svg;
}

/** Every token linked to every other in one step: the picked pair's link drawn. @param {Paths} p @param {number} n @param {number} layers */
function selfFigure(p, n, layers) {
  const svg = frame(n, 2, t('paths.figSelf', { layers }));
  tokenRow(svg, p, TOP + 14);
  const y = TOP + ROW + 4, x1 = X0 + p.from * CW + CW / 2, x2 = X0 + p.to * CW + CW / 2;
  for (let c = 0; c < n; c++) svg.appendChild(s('circle', { class: 'state', cx: X0 + c * CW + CW / 2, cy: y, r: 3 }));
  if (x1 !== x2) svg.appendChild(s('path', { class: 'arc on', d: `M${x1},${y} Q${(x1 + x2) / 2},${y + ROW} ${x2},${y}`, fill: 'none' }));
  return svg;
}

define('attnseq-paths', PathLengths);
