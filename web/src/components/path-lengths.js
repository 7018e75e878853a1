// <attnseq-paths>: what connects two source tokens in each encoder scheme (app/paths.js computes it from
// the shipped models' configuration): the convolution's windows lit layer by layer until one window
// holds both (or the note that the stack never gets that far), the RNN's chain of states, and
// self-attention's single step, each with its number of steps. The reader picks the two tokens.
//
// data: { tokens: string[], from: number, to: number, tokenModel: catalogue entry or ModelInfo (named in the UI language),
//         schemes: {kind, entry: {label, src, encoder} | null, otherSource: boolean}[] }
// Emits attnseq-paths-pick {from, to} when the reader picks another token.
import { View, define, h, s, focusableScroll } from './dom.js';
import { t } from '../i18n/index.js';
import { pathsData } from '../app/paths.js';
import { modelLabel } from '../app/model-names.js';

const CW = 30, ROW = 22, TOP = 8;
const nameOf = (entry) => (entry ? modelLabel(entry) : '');

class PathLengths extends View {
  #picks = null;  // the reader's picks: {from, to}, kept until the tokens change

  set data(v) {
    if (!v || !this.#picks || v.tokens?.join('\u0000') !== this.#tokensKey) this.#picks = null;
    this.#tokensKey = v?.tokens?.join('\u0000') ?? '';
    super.data = v;
  }

  get data() { return super.data; }

  #tokensKey = '';

  render(d) {
    this.replaceChildren();
    if (!d || !d.tokens?.length) { this.appendChild(h('p', { class: 'empty' }, t('view.empty'))); return; }
    const from = this.#picks?.from ?? d.from, to = this.#picks?.to ?? d.to;
    const p = pathsData(d.tokens, from, to, d.schemes, d.tokenModel);
    const pick = (which) => {
      const id = `paths-${which}-${Math.random().toString(36).slice(2, 8)}`;
      const sel = h('select', { id, class: `paths-${which}`, onchange: (e) => this.#pick(which, Number(e.target.value), p) },
        d.tokens.map((x, k) => h('option', { value: k, selected: k === p[which] }, `${k + 1}. ${x}`)));
      return h('span', { class: 'paths-field' }, h('label', { for: id }, t(which === 'from' ? 'paths.from' : 'paths.to')), ' ', sel);
    };
    const A = d.tokens[p.from], B = d.tokens[p.to], dist = Math.abs(p.from - p.to);
    this.append(
      h('p', { class: 'paths-pick' }, pick('from'), ' ', pick('to')),
      h('p', { class: 'paths-distance' }, dist === 0 ? t('paths.same') : t('paths.distance', { a: A, b: B, d: dist }), ' ',
        h('span', { class: 'hint' }, t('paths.tokens', { model: nameOf(d.tokenModel) }))));
    for (const sc of p.schemes) this.appendChild(this.#scheme(sc, p, A, B));
  }

  #pick(which, value, p) {
    this.#picks = { from: p.from, to: p.to, [which]: value };
    this.emit('attnseq-paths-pick', { ...this.#picks });
    this.invalidate();
  }

  #scheme(sc, p, A, B) {
    const box = h('section', { class: `path path-${sc.kind}`, 'data-scheme': sc.kind });
    const title = { conv: 'paths.conv', rnn: 'paths.rnn', 'self-attention': 'paths.self' }[sc.kind];
    if (!sc.entry || !sc.path) {
      box.appendChild(h('p', { class: 'path-title' }, t('paths.noModel', { scheme: t(title, { model: '', kernel: '', layers: '', field: '' }) })));
      return box;
    }
    const enc = sc.entry.encoder, path = sc.path;
    const field = enc.kind === 'conv' ? 1 + enc.layers * (enc.kernel - 1) : 0;
    box.appendChild(h('p', { class: 'path-title' }, h('strong', {}, t(title, { model: nameOf(sc.entry), kernel: enc.kernel ?? '', layers: enc.layers ?? '', field })),
      sc.otherSource ? h('span', { class: 'hint' }, ` ${t('paths.otherSource')}`) : null));
    const n = p.tokens.length;
    const svg = sc.kind === 'conv' ? convFigure(path, p, n, A, B) : sc.kind === 'rnn' ? chainFigure(path, p, n) : selfFigure(p, n, enc.layers);
    box.appendChild(focusableScroll(svg, svg.getAttribute('aria-label') ?? ''));  // a long sentence scrolls sideways
    const steps = path.distance === 0 ? t('paths.zero')
      : sc.kind === 'conv' ? (path.steps == null ? t('paths.convNever', { layers: enc.layers, reach: path.reach, d: path.distance }) : t('paths.convSteps', { steps: path.steps }))
        : sc.kind === 'rnn' ? t('paths.rnnSteps', { steps: path.steps }) : t('paths.selfSteps', { steps: path.steps, layers: enc.layers });
    box.appendChild(h('p', { class: 'path-steps', 'data-steps': path.steps ?? 'none' }, steps));
    return box;
  }
}

/** The token row (y) with the two picked tokens marked. */
function tokenRow(svg, p, y) {
  p.tokens.forEach((x, k) => {
    const cls = k === p.from ? 'tok a' : k === p.to ? 'tok b' : 'tok';
    svg.appendChild(s('text', { class: cls, x: k * CW + CW / 2, y, 'text-anchor': 'middle' }, x.length > 4 ? `${x.slice(0, 3)}…` : x));
  });
}

function frame(n, rows, label) {
  const W = n * CW, H = TOP + rows * ROW + 6;
  return s('svg', { class: 'fig fig-paths', width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label });
}

/** Layer 0 = the tokens; layer l's cells: which of the two picked tokens each position sees. */
function convFigure(path, p, n, A, B) {
  const L = path.layers.length;
  const svg = frame(n, L + 1, t('paths.figConv', { a: A, b: B, layers: L }));
  tokenRow(svg, p, TOP + 14);
  for (const lay of path.layers) {
    const y = TOP + lay.layer * ROW;
    const after = path.meet != null && lay.layer > path.meet;
    svg.appendChild(s('text', { class: 'lay', x: 2, y: y + 15 }, String(lay.layer)));
    for (let c = 0; c < n; c++) {
      const inA = c >= lay.a[0] && c <= lay.a[1], inB = c >= lay.b[0] && c <= lay.b[1];
      const cls = `cell${inA && inB ? ' ab' : inA ? ' a' : inB ? ' b' : ''}${after ? ' after' : ''}${lay.layer === path.meet && inA && inB ? ' meet' : ''}`;
      svg.appendChild(s('rect', { class: cls, x: c * CW + 3, y: y + 3, width: CW - 6, height: ROW - 6, rx: 3 },
        s('title', {}, t('paths.cell', { layer: lay.layer, pos: c + 1, field: lay.field }))));
    }
  }
  return svg;
}

/** The chain of states h1 … hn, the part from one picked token to the other drawn strong. */
function chainFigure(path, p, n) {
  const svg = frame(n, 2, t('paths.figRnn', { steps: path.steps }));
  tokenRow(svg, p, TOP + 14);
  const y = TOP + ROW + 10;
  for (let c = 0; c < n; c++) {
    const on = c >= path.chain[0] && c <= path.chain[1];
    if (c > 0) svg.appendChild(s('line', { class: `link${on && c > path.chain[0] ? ' on' : ''}`, x1: (c - 1) * CW + CW / 2 + 7, x2: c * CW + CW / 2 - 7, y1: y, y2: y }));
    svg.appendChild(s('circle', { class: `state${on ? ' on' : ''}`, cx: c * CW + CW / 2, cy: y, r: 7 }, s('title', {}, `h${c + 1}`)));
  }
  return svg;
}

/** Every token linked to every other in one step: the picked pair's link drawn. */
function selfFigure(p, n, layers) {
  const svg = frame(n, 2, t('paths.figSelf', { layers }));
  tokenRow(svg, p, TOP + 14);
  const y = TOP + ROW + 4, x1 = p.from * CW + CW / 2, x2 = p.to * CW + CW / 2;
  for (let c = 0; c < n; c++) svg.appendChild(s('circle', { class: 'state', cx: c * CW + CW / 2, cy: y, r: 3 }));
  if (x1 !== x2) svg.appendChild(s('path', { class: 'arc on', d: `M${x1},${y} Q${(x1 + x2) / 2},${y + ROW} ${x2},${y}`, fill: 'none' }));
  return svg;
}

define('attnseq-paths', PathLengths);
