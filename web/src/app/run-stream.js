// A run: one translation streamed into the run store, step by step (greedy, sampling) or in one call
// (beam search), with the views redrawn at most once a frame while it streams.
import { emptyRun } from '../state/schema.js';
import { modelInfo } from './models.js';
import { errorFields } from './errors.js';
import { engineOptions } from './engine-options.js';
import { currentTranslator } from './model-choice.js';
import { countWork } from './work-count.js';
import { beforePaint, holdRenders } from '../components/frames.js';
import { mark, measure } from '../engine/timing.js';

/** @typedef {import('../state/schema.js').Run} Run */
/** @typedef {import('../state/schema.js').RunOptions} RunOptions */
/** @typedef {import('../index.js').Translator} Translator */

/** How many of the most likely tokens each step reports (the top-k bars). */
export const ALTERNATIVES = 6;

/** How long a run streams before the views show its steps as they come (ms). */
const STREAM_SHOWN_AFTER_MS = 100;

/**
 * Runs fn after `ms`; {cancel()}.
 * @param {() => void} fn
 * @param {number} ms
 */
function later(fn, ms) {
  const id = setTimeout(fn, ms);
  return { cancel: () => clearTimeout(id) };
}

/**
 * Translates `text` with `options`, streaming steps into the run store. `forced`: target ids the
 * output must start with (re-decoding from an alternative). A newer run supersedes it.
 * @param {import('./controller.js').AppController} ctl
 * @param {string} text
 * @param {RunOptions} options
 * @param {number[] | null} [forced]
 * @returns {Promise<Run | null>} null when superseded
 */
export async function translateRun(ctl, text, options, forced = null) {
  ctl.clearNotice();
  const table = await ctl.options();
  ctl.abort?.abort();
  const ctrl = new AbortController();
  ctl.abort = ctrl;
  const tr = await currentTranslator(ctl);
  const info = modelInfo(/** @type {import('./models.js').ModelEntry} */ (ctl.entry), tr.info);
  const run = emptyRun(++ctl.runs, text, info, { ...options, prefix: forced ?? undefined });
  const { run: runStore } = ctl.stores;
  runStore.set({ run, status: 'running', error: null, errorCode: null, notice: null, version: 0 });
  ctl.stores.work?.set({ cached: [], uncached: [] });
  // While the steps stream in, the views redraw once per frame at most (a fast model streams several
  // per frame; each redraw lays the page out and paints it again), and only once the run has taken
  // STREAM_SHOWN_AFTER_MS: a run that ends sooner is drawn once, when it ends.
  /** @type {{cancel: () => void} | null} */
  let frame = null, streaming = false;
  const bump = () => {
    if (frame || ctl.abort !== ctrl) return;
    frame = (streaming ? beforePaint : (/** @type {() => void} */ fn) => later(fn, STREAM_SHOWN_AFTER_MS))(() => {
      frame = null;
      streaming = true;
      if (ctl.abort === ctrl) runStore.set({ version: runStore.get().version + 1 });
    });
  };
  const settle = () => { frame?.cancel(); frame = null; };
  const sent = { ...engineOptions(options, table), alternatives: ALTERNATIVES, prefix: forced?.length ? forced : undefined, signal: ctrl.signal };
  try {
    if (options.strategy === 'beam') await beam(tr, run, sent);
    else await stream(tr, run, sent, bump);
    run.done = true;
    settle();
    // A run drawn for the first time now, whole (it ended before STREAM_SHOWN_AFTER_MS): on a page that
    // shows its text first (the demo: ctl.textFirst), the translation is painted before the figures.
    if (ctl.textFirst && !streaming && ctl.abort === ctrl) holdRenders();
    if (ctl.abort === ctrl) runStore.set({ status: 'done', version: runStore.get().version + 1 });
    const work = ctl.stores.work;
    if (info.arch === 'transformer' && work && ctl.abort === ctrl) countWork(work, tr, run, ctrl.signal, () => ctl.abort === ctrl);
    return run;
  } catch (e) {
    settle();
    if (/** @type {{code?: string}} */ (e)?.code === 'ABORTED' || ctl.abort !== ctrl) return null;
    run.done = true;
    runStore.set({ status: 'error', ...errorFields(e, { max: tr.info?.config?.maxSrcLen ?? '?' }), version: runStore.get().version + 1 });
    throw e;
  }
}

/**
 * Greedy or sampling: the steps stream in as the engine takes them.
 * @param {Translator} tr
 * @param {Run} run
 * @param {import('../index.js').DecodeOptions & import('../index.js').CallOptions} sent
 * @param {() => void} bump
 */
async function stream(tr, run, sent, bump) {
  // (the first visit's timeline, bench/compare/first_visit.mjs: the page's side of a translation)
  let start = mark();
  const gen = tr.generate(run.text, sent);
  const src = await gen.source;
  measure('source received', start);
  start = mark();
  run.sourceTokens = src.sourceTokens;
  run.encoderAttention = src.encoderAttention ?? null;
  run.attentionValues = src.attentionValues ?? [];
  run.encoderMacs = src.macs ?? 0;
  run.readAs = src.readAs ?? '';
  bump();
  for await (const step of gen) {
    run.steps.push(step);
    run.output = step.text;
    bump();
  }
  measure('steps received', start);
}

/**
 * Beam search: one call; the best hypothesis's steps as the engine recorded them, the trace, the n-best.
 * @param {Translator} tr
 * @param {Run} run
 * @param {import('../index.js').DecodeOptions & import('../index.js').CallOptions} sent
 */
async function beam(tr, run, sent) {
  const r = await tr.translate(run.text, { ...sent, supersede: 'run' });
  run.sourceTokens = r.sourceTokens;
  run.encoderAttention = r.encoderAttention ?? null;
  run.attentionValues = r.attentionValues ?? [];
  run.encoderMacs = r.encoderMacs ?? 0;
  run.readAs = r.readAs ?? '';
  run.beamTrace = r.beamTrace ?? null;
  run.hypotheses = r.hypotheses.map((x) => ({ text: x.text, score: x.score }));
  run.steps = r.steps ?? [];
  run.output = r.text;
}
