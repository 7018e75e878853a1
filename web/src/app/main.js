// The demo page (web/index.html): stores, the app controller, the player and the views wired
// together. The first translation of an example sentence starts as soon as the default model loads.
import '../components/index.js';
import { createModelStore, createRunStore, createPlaybackStore, createViewStore, createOptionsStore, createWorkStore, createParagraphStore } from '../state/stores.js';
import { t, languages, getLanguage, setLanguage, onLanguageChange, translateDom, detectLanguage } from '../i18n/index.js';
import { AppController } from './controller.js';
import { createPlayer, bindPlaybackKeys } from './player.js';
import { bindViews } from './views.js';
import { exportFigure } from './export.js';
import { setupCompare } from './compare.js';
import { bindDecodingForm } from './decoding-form.js';
import { defaultsOf } from '../state/options.js';
import { registerServiceWorker, cacheLoadedResources } from './offline.js';
import { reducedMotion } from '../components/dom.js';
import { EXAMPLES } from './examples.js';
import { statusOf } from './errors.js';
import { renderStatusInto } from './status-view.js';

const $ = (sel) => document.querySelector(sel);
const params = new URLSearchParams(location.search);
if (params.get('lang')) setLanguage(params.get('lang'));
else setLanguage(detectLanguage());

/** @type {import('../state/stores.js').Stores} */
const stores = {
  model: createModelStore(), run: createRunStore(), playback: createPlaybackStore(),
  view: createViewStore(), options: createOptionsStore(), work: createWorkStore(),
  paragraph: createParagraphStore(),
};
const speed = Number(params.get('speed'));
if ([0.5, 1, 2, 4, 8].includes(speed)) stores.playback.set({ speed });
const controller = new AppController(stores);
const player = createPlayer(stores);
globalThis.attnseqDemo = { stores, controller };  // for tests and the curious

// Language
const langSel = $('#lang');
for (const l of languages) langSel.appendChild(new Option(l.label, l.code));
langSel.value = getLanguage();
langSel.addEventListener('change', () => setLanguage(langSel.value));
const relabel = () => { translateDom(document); document.title = t('app.title'); renderModelPicker(); renderStatus(); };
onLanguageChange(relabel);

// Views
bindViews($('main'), stores, { act: player.act, onAlternative: ({ index, id }) => run(() => controller.alternative(index, id), index) });
bindPlaybackKeys($('#generation'), player.act);
bindPlaybackKeys($('#attention'), player.act);
document.addEventListener('click', (e) => {
  /** @type {HTMLButtonElement | null | undefined} */
  const b = /** @type {Element} */ (e.target).closest?.('button[data-export]');
  if (b) exportFigure(document.getElementById(b.dataset.export), `attnseq-${b.dataset.export.replace('fig-', '')}`, b.dataset.format);
});

// Pieces or words in the attention figures
$('#level').addEventListener('change', (e) => stores.view.set({ level: /** @type {HTMLInputElement} */ (e.target).value === 'word' ? 'word' : 'piece' }));
stores.view.subscribe(({ level }) => {
  const radio = /** @type {HTMLInputElement | null} */ (document.querySelector(`#level input[value="${level}"]`));
  if (radio && !radio.checked) radio.checked = true;
});

// Model picker and status
const modelSel = $('#model');
function renderModelPicker() {
  const { models, modelId } = stores.model.get();
  modelSel.replaceChildren(...models.map((m) => new Option(m.label, m.id)));
  if (modelId) modelSel.value = modelId;
}
stores.model.subscribe(renderModelPicker);
function renderStatus() {
  const m = stores.model.get(), r = stores.run.get();
  renderStatusInto($('#status'), statusOf(m, r));
  $('#translate').disabled = m.status !== 'ready';
  $('#model-desc').textContent = m.info?.description ?? '';
}
stores.model.subscribe(renderStatus);
stores.run.subscribe(renderStatus);

// Panels that depend on the run
let lastRunId = null;
stores.run.subscribe(({ run }) => {
  if (run && run.id !== lastRunId && run.sourceTokens.length) {
    // Self-attention starts on "it" when the sentence has it (the classic example), else the first token.
    lastRunId = run.id;
    const it = run.sourceTokens.findIndex((x) => /^\u2581?it$/i.test(x.piece));
    stores.view.set({ query: Math.max(0, it) });
  }
  $('#self-panel').hidden = !run?.encoderAttention;
  $('#beam-panel').hidden = !run?.beamTrace;
  const none = run?.model.attention === 'none';
  $('#noattn-panel').hidden = !none;
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-attention-only]'))) el.hidden = none;
  const list = $('#hypotheses');
  list.replaceChildren(...(run?.hypotheses ?? []).slice(0, 5).map((x) => {
    const li = document.createElement('li');
    li.textContent = `${x.text}  (${x.score.toFixed(2)})`;
    return li;
  }));
});
// The sentences of the text: a picker when there are several; a note when the length limit cut one.
function renderSentences() {
  const { sentences, selected } = stores.paragraph.get();
  const box = $('#sentences');
  box.hidden = sentences.length < 2;
  box.replaceChildren(...(sentences.length < 2 ? [] : sentences.map((x, k) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'sentence';
    b.setAttribute('aria-pressed', String(k === selected));
    b.append(Object.assign(document.createElement('span'), { className: 'n', textContent: String(k + 1) }), ` ${x.text}`);
    b.addEventListener('click', () => { if (k !== stores.paragraph.get().selected) run(() => controller.selectSentence(k, { ...options() })); });
    return b;
  })));
  const cut = sentences.map((x, k) => (x.ended === false ? k + 1 : 0)).filter(Boolean);
  const note = $('#result-note');
  note.hidden = !cut.length;
  note.textContent = !cut.length ? '' : sentences.length > 1 ? t('app.cutSentences', { list: cut.join(', ') }) : t('app.cut');
}
stores.paragraph.subscribe(renderSentences);
onLanguageChange(renderSentences);

const work = $('#work');
const renderWork = () => { work.data = { ...stores.work.get(), index: stores.playback.get().index }; };
stores.work.subscribe(renderWork);
stores.playback.subscribe(renderWork);

function renderExamples() {
  const src = stores.model.get().info?.src ?? 'en';
  const box = $('#examples');
  box.replaceChildren(...(EXAMPLES[src] ?? EXAMPLES.en).map((text) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'example';
    b.textContent = text;
    b.addEventListener('click', () => { $('#text').value = text; translateNow(); });
    return b;
  }));
}
stores.model.subscribe(renderExamples);

// Runs
let runSeq = 0;
async function run(start, fromIndex = -1) {
  const seq = ++runSeq;
  const reduce = reducedMotion();
  stores.playback.set({ index: fromIndex, playing: !reduce });
  try {
    const r = await start();
    if (seq !== runSeq || !r) return;
    if (reduce) stores.playback.set({ index: r.steps.length - 1, playing: false });
    document.body.dataset.runs = String(runSeq);  // tests wait on this
    if (seq === 1) cacheLoadedResources();
  } catch (e) {
    console.warn(e);  // shown in the status line
  }
}

let options = () => stores.options.get();  // the form replaces it once the engine's option table is known
function translateNow() {
  const text = $('#text').value.trim();
  if (stores.model.get().status !== 'ready') return;
  if (!text) {  // nothing to translate: say so (the last translation stays)
    if (stores.run.get().status !== 'running') stores.run.set({ notice: 'app.empty', status: stores.run.get().run ? 'done' : 'idle', error: null });
    return;
  }
  run(() => controller.translateParagraph(text, { ...options() }));
}
$('#translate-form').addEventListener('submit', (e) => { e.preventDefault(); translateNow(); });
$('#text').addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) { e.preventDefault(); translateNow(); }
});
modelSel.addEventListener('change', async () => {
  // A model that cannot be loaded leaves the current one (and its translation) in place.
  if (!(await controller.selectModel(modelSel.value).catch(() => null))) return;
  stores.run.set({ run: null, status: 'idle' });
  // The user's own text stays; an example sentence (or nothing) becomes one in the model's language.
  const src = stores.model.get().info?.src, box = $('#text'), text = box.value;
  const isExample = Object.values(EXAMPLES).some((list) => list.includes(text));
  if (src && (!text.trim() || (isExample && !EXAMPLES[src]?.includes(text)))) box.value = (EXAMPLES[src] ?? EXAMPLES.en)[0];
  translateNow();
});

setupCompare($('#compare'), controller, stores);
relabel();

async function start() {
  try {
    const catalog = await controller.init();
    stores.options.set({ ...defaultsOf(controller.optionTable), ...stores.options.get() });
    options = bindDecodingForm($('#decoding'), stores.options, controller.optionTable);
    const wanted = params.get('model') ?? catalog.default;
    await controller.selectModel(wanted);
    // Text the user typed while the page loaded is theirs: it is translated, never replaced.
    const box = $('#text');
    if (!box.value.trim()) {
      const src = stores.model.get().info?.src ?? 'en';
      box.value = params.get('text') ?? (EXAMPLES[src] ?? EXAMPLES.en)[0];
    }
    translateNow();
  } catch (e) {
    console.warn(e);  // shown in the status line
    stores.model.set({ status: 'error', error: e.message, errorCode: e.code ?? 'LOAD_FAILED' });
  }
}
start();
if (/^https?:$/.test(location.protocol)) registerServiceWorker(new URL('../../sw.js', import.meta.url), (msg) => { $('#sw-status').textContent = msg; });
