// The demo page (web/index.html): stores, the app controller, the player and the views wired
// together. The first translation of an example sentence starts as soon as the default model loads.
// Served bundled (scripts/build_demo.mjs → web/dist/demo-*.js), where boot.js is also an entry of its
// own that runs as soon as it has arrived; imported first here, it runs first wherever main.js is
// loaded unbundled (the single-file build).
import './boot.js';
import '../components/index.js';
import { createModelStore, createRunStore, createPlaybackStore, createViewStore, createOptionsStore, createWorkStore, createParagraphStore } from '../state/stores.js';
import { t, languages, getLanguage, setLanguage, onLanguageChange, translateDom, detectLanguage } from '../i18n/index.js';
import { AppController, engineOptions } from './controller.js';
import { createPlayer, bindPlaybackKeys } from './player.js';
import { bindViews, bindWork } from './views.js';
import { exportFigure } from './export.js';
import { setupCompare } from './compare.js';
import { setupScores } from './score-section.js';
import { bindDecodingForm } from './decoding-form.js';
import { defaultsOf } from '../state/options.js';
import { readLink, writeLink } from './link.js';
import { availableOffline, getTranslator, hasFailed, initialModelId } from './models.js';
import { BASE } from '../assets.js';
import { registerServiceWorker, cacheLoadedResources, keepModelsOffline } from './offline.js';
import { reducedMotion } from '../components/dom.js';
import { EXAMPLES } from './examples.js';
import { languageOffer, renderOffer } from './lang-offer.js';
import { statusOf } from './errors.js';
import { modelLabel, modelDescription } from './model-names.js';
import { defaultQuery } from '../state/text.js';
import { renderStatusInto } from './status-view.js';
import { autosize } from './autosize.js';
import { checkDecodingForm, problemNotice } from './option-check.js';

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
// a speed the link asks for (else the pace follows each sentence's length: app/pace.js)
const speed = Number(params.get('speed'));
if ([0.5, 1, 2, 4, 8].includes(speed)) stores.playback.set({ speed, auto: false });
const controller = new AppController(stores);
const player = createPlayer(stores);
globalThis.attnseqDemo = { stores, controller, models: { getTranslator, hasFailed } };  // for tests and the curious

// Language
const langSel = $('#lang');
for (const l of languages) langSel.appendChild(new Option(l.label, l.code));
langSel.value = getLanguage();
// the page's language goes into the URL when the link asked for one or the user picked one here
let chosenLang = params.get('lang') ?? undefined;
langSel.addEventListener('change', () => { chosenLang = langSel.value; setLanguage(langSel.value); updateLink(); });
const relabel = () => {
  translateDom(document);
  document.title = t('app.title');
  // the tutorial in the page's language (web/examples/tutorial.zh.html: the same widgets and statements);
  // the single-file build (scripts/build_single_file.mjs) has no tutorial link
  const tutorial = /** @type {HTMLAnchorElement | null} */ (document.getElementById('tutorial-link'));
  if (tutorial) tutorial.href = getLanguage() === 'zh' ? 'examples/tutorial.zh.html' : 'examples/tutorial.html';
  renderModelPicker();
  renderStatus();
};
onLanguageChange(relabel);

// Views
bindViews($('main'), stores, { act: player.act, onAlternative: ({ index, id }) => run(() => controller.alternative(index, id), index) });
bindPlaybackKeys($('main'), player.act, { page: true });
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

// The text box is as tall as its text (a long sentence is read whole on a phone)
autosize(/** @type {HTMLTextAreaElement} */ ($('#text')));

// Model picker and status
const modelSel = $('#model');
function renderModelPicker() {
  const { models, modelId } = stores.model.get();
  const { offline } = stores.model.get();
  modelSel.replaceChildren(...models.map((m) => {
    const o = new Option(offline && !offline.includes(m.id) ? t('app.needsNetwork', { model: modelLabel(m) }) : modelLabel(m), m.id);
    o.disabled = !!offline && !offline.includes(m.id);
    return o;
  }));
  if (modelId) modelSel.value = modelId;
}
stores.model.subscribe(renderModelPicker);
function renderStatus() {
  const m = stores.model.get(), r = stores.run.get();
  renderStatusInto($('#status'), statusOf(m, r));
  $('#translate').disabled = m.status !== 'ready';
  $('#model-desc').textContent = m.info ? modelDescription(m.info) : '';
}
stores.model.subscribe(renderStatus);
stores.run.subscribe(renderStatus);

// Panels that depend on the run
let lastRunId = null;
stores.run.subscribe(({ run }) => {
  if (run && run.id !== lastRunId && run.sourceTokens.length) {
    // Self-attention starts on "it" (or 它) when the sentence has it (the classic example), else the first token.
    lastRunId = run.id;
    stores.view.set({ query: defaultQuery(run.sourceTokens) });
  }
  $('#self-panel').hidden = !run?.encoderAttention;
  $('#beam-panel').hidden = !run?.beamTrace;
  const none = run?.model.attention === 'none';
  $('#noattn-panel').hidden = !none;
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-attention-only]'))) el.hidden = none;
  renderHypotheses();
});
// The n-best list, as many as the user asked for ("Hypotheses returned"), with what its score is.
function renderHypotheses() {
  const { run } = stores.run.get();
  const list = $('#hypotheses'), hyps = run?.hypotheses ?? [];
  $('#hyp-note').textContent = hyps.length ? t('beam.nbest', { n: hyps.length, penalty: run?.options.lengthPenalty ?? '' }) : '';
  list.replaceChildren(...hyps.map((x) => {
    const li = document.createElement('li');
    li.textContent = `${x.text}  (${x.score.toFixed(2)})`;
    return li;
  }));
}
onLanguageChange(renderHypotheses);
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

bindWork(/** @type {import('../components/dom.js').View} */ ($('#work')), stores);

function renderExamples() {
  const src = stores.model.get().info?.src ?? 'en';
  const box = $('#examples');
  box.replaceChildren(...(EXAMPLES[src] ?? EXAMPLES.en).map((text) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'example';
    b.textContent = text;
    b.addEventListener('click', () => { $('#text').value = text; renderOffer($('#lang-offer'), null, null, null); translateNow(); });
    return b;
  }));
}
stores.model.subscribe(renderExamples);

// Runs
let runSeq = 0;
async function run(start, fromIndex = -1, step = undefined) {
  const seq = ++runSeq;
  const reduce = reducedMotion() || step !== undefined;  // a link to a step shows that step, not an animation
  stores.playback.set({ index: fromIndex, playing: !reduce });
  try {
    const r = await start();
    if (seq !== runSeq || !r) return;
    if (reduce) stores.playback.set({ index: step !== undefined ? Math.min(step, r.steps.length - 1) : r.steps.length - 1, playing: false });
    linkReady = true;
    updateLink();  // the URL follows from now on (with reduced motion no later playback change would write it)
    document.body.dataset.runs = String(runSeq);  // tests wait on this
    // After the first visit every model works offline: the catalogue downloads now, in the background.
    if (seq === 1) {
      keepModelsOffline(controller.catalog.models.map((m) => m.url));
      cacheLoadedResources();
    }
  } catch (e) {
    console.warn(e);  // shown in the status line
  }
  startOfflineSupport();
}

let translatedText = '';  // the text of the last translation started (a step in the URL belongs to it)
let options = () => stores.options.get();  // the form replaces it once the engine's option table is known
function translateNow(sentence = 0, step = undefined) {
  const text = $('#text').value.trim();
  if (stores.model.get().status !== 'ready') return;
  // a decoding field out of the engine's range: not translated (with the last valid value), said why
  const problem = controller.optionTable && checkDecodingForm($('#decoding'), controller.optionTable, { focus: true });
  if (problem) { stores.run.set({ notice: problemNotice(problem) }); return; }
  if (!text) {  // nothing to translate: say so (the last translation stays)
    if (stores.run.get().status !== 'running') stores.run.set({ notice: 'app.empty', status: stores.run.get().run ? 'done' : 'idle', error: null });
    return;
  }
  translatedText = text;
  heldLink = null;
  run(() => controller.translateParagraph(text, { ...options() }, sentence), -1, step);
}
// Translate asked for by the user: text in another language than the model reads gets the offer
// (app/lang-offer.js) instead; a link that opened with the offer keeps its sentence and step for it,
// as long as its text is unchanged.
function translateAsked() {
  const held = heldLink && heldLink.text === $('#text').value.trim() ? heldLink : null;
  translateIfInLanguage(held?.sentence ?? 0, held?.step);
}
$('#translate-form').addEventListener('submit', (e) => { e.preventDefault(); translateAsked(); });
$('#text').addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) { e.preventDefault(); translateAsked(); }
});
modelSel.addEventListener('change', async () => {
  // A model that cannot be loaded leaves the current one (and its translation) in place.
  if (!(await controller.selectModel(modelSel.value).catch(() => null))) return;
  stores.run.set({ run: null, status: 'idle' });
  // The user's own text stays; an example sentence (or nothing) becomes one in the model's language.
  const src = stores.model.get().info?.src, box = $('#text'), text = box.value;
  const isExample = Object.values(EXAMPLES).some((list) => list.includes(text));
  if (src && (!text.trim() || (isExample && !EXAMPLES[src]?.includes(text)))) box.value = (EXAMPLES[src] ?? EXAMPLES.en)[0];
  translateIfInLanguage();
});

// Own text in another language than the model reads is kept and not translated (its output would be
// noise): the offer names the language and the model that reads it, or says none does, and lets the
// reader translate it anyway with this model (remembered for this text and model). Used on Translate,
// a model switch and on opening a link (a link saved while the offer showed opens with the same offer).
let anyway = '';  // "text|model" the reader chose to translate anyway
let offerFor = 0;  // the last check asked (an answer to an older one is dropped)
async function translateIfInLanguage(sentence = 0, step = undefined) {
  const text = $('#text').value.trim(), info = stores.model.get().info;
  const mine = ++offerFor;
  // (the model's own example sentences need no check: the first translation never waits for the identifier)
  const own = info && (EXAMPLES[info.src] ?? []).includes(text);
  const offer = info && !own && anyway !== `${text}|${info.id}` ? await languageOffer(text, info, controller.catalog?.models ?? []) : null;
  if (mine !== offerFor) return;
  renderOffer($('#lang-offer'), offer, info, {
    onSwitch: (id) => { modelSel.value = id; modelSel.dispatchEvent(new Event('change')); },
    onAnyway: () => { anyway = `${text}|${info.id}`; renderOffer($('#lang-offer'), null, info, null); translateNow(sentence, step); },
  });
  if (offer) {
    stores.run.set({ notice: null, status: stores.run.get().run ? 'done' : 'idle', error: null });
    heldLink = sentence || step !== undefined ? { text, sentence, step } : null;
    linkReady = true;  // from now on the URL follows the page (edits, options), as after a translation
    return;
  }
  translateNow(sentence, step);
}

setupCompare($('#compare'), controller, stores);
setupScores($('#scores'), controller, stores);
relabel();

// The page's state in its URL (app/link.js): restored on open, kept up to date, copied by a button.
let link = null;       // what the URL asked for, until it has been applied
let linkReady = false; // the first translation is done: from now on the URL follows the page
/** @type {{ text: string, sentence: number, step: number | undefined } | null} */
let heldLink = null;   // a link's sentence and step, kept while its text waits behind the other-language notice
function currentLink() {
  const { run } = stores.run.get();
  const v = stores.view.get();
  const p = stores.paragraph.get();
  const playback = stores.playback.get();
  const text = /** @type {HTMLTextAreaElement} */ ($('#text')).value.trim();
  const held = heldLink && heldLink.text === text ? heldLink : null;  // not yet translated: the link's own
  return writeLink({
    text: text || undefined,
    model: stores.model.get().modelId ?? undefined, options: stores.options.get(),
    sentence: held ? held.sentence || undefined : p.sentences.length > 1 ? p.selected : undefined,
    // a step only once the animation rests (a reload mid-animation replays it instead of pausing there),
    // and only for the text it belongs to (new text typed but not yet translated opens at its end)
    // and only for the options it was decoded with (options changed in the form apply at the next
    // Translate: the link then opens with them, at the end, not at a step of another decode)
    step: held ? held.step : run?.done && !playback.playing && text === translatedText && sameOptions(run.options, stores.options.get()) ? playback.index : undefined,
    layer: v.layer, head: v.head, encLayer: v.encLayer, encHead: v.encHead, level: v.level,
  }, defaultsOf(controller.optionTable ?? []), { lang: chosenLang, speed: playback.auto ? undefined : playback.speed });
}
/**
 * The form's options decode as the run's did: those that apply to the strategy (the engine's table:
 * a beam size does not change a greedy run), an alternative's prefix left out.
 */
function sameOptions(ran, form) {
  const table = controller.optionTable ?? [];
  const a = engineOptions(ran, table), b = engineOptions(form, table);
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
}
// Options changed in the form but not yet translated with: say so under the form (the live region is
// written only when that changes, so that a screen reader does not announce it at every keystroke).
let pendingShown = null;
function renderPending(force = false) {
  const { run } = stores.run.get(), note = $('#dec-pending');
  const pending = !!run?.done && !sameOptions(run.options, stores.options.get());
  if (pending === pendingShown && !force) return;
  pendingShown = pending;
  note.hidden = !pending;
  note.textContent = pending ? t('dec.pending') : '';
}
stores.run.subscribe(() => renderPending());
stores.options.subscribe(() => renderPending());
onLanguageChange(() => renderPending(true));
let linkTimer = 0;
function updateLink() {
  if (!linkReady) return;
  clearTimeout(linkTimer);
  linkTimer = setTimeout(() => {
    const q = currentLink().toString();
    if (q !== location.search.slice(1)) history.replaceState(null, '', `${location.pathname}${q ? `?${q}` : ''}${location.hash}`);
  }, 300);
}
for (const st of [stores.run, stores.view, stores.options, stores.paragraph]) st.subscribe(updateLink);
stores.playback.subscribe(({ playing }) => { if (!playing) updateLink(); });
$('#text').addEventListener('input', updateLink);  // typed text survives a reload before it is translated
// The note beside the link button, kept as a message key so that a language switch rewrites it.
/** @type {{ key: string, params?: Record<string, string> } | null} */
let linkNote = null;
const renderLinkNote = () => { $('#link-note').textContent = linkNote ? t(linkNote.key, linkNote.params) : ''; };
onLanguageChange(renderLinkNote);
$('#copy-link').addEventListener('click', async () => {
  const url = new URL(`?${currentLink()}`, location.href).href;
  try {
    await navigator.clipboard.writeText(url);
    linkNote = { key: 'app.linkCopied' };
  } catch {
    linkNote = { key: 'app.linkShow', params: { url } };
  }
  renderLinkNote();
});

// Offline: which models this browser holds (the others need the network).
async function refreshOffline() {
  if (!controller.catalog) return;
  const held = navigator.onLine ? null : await availableOffline(controller.catalog.models);
  stores.model.set({ offline: held ? [...held] : null });
  renderModelPicker();
}
addEventListener('online', refreshOffline);
addEventListener('offline', refreshOffline);

async function start() {
  try {
    const catalog = await controller.init();
    await refreshOffline();
    // The model downloads while the engine starts (the option table needs its WebAssembly module).
    const selecting = controller.selectModel(initialModelId(catalog, params));
    const table = await controller.optionsReady;
    const { state, problems } = readLink(params, table, catalog);
    link = state;
    if (problems.length) { linkNote = { key: 'app.badLink', params: { list: problems.join(', ') } }; renderLinkNote(); }
    stores.options.set({ ...defaultsOf(table), ...stores.options.get(), ...state.options });
    options = bindDecodingForm($('#decoding'), stores.options, table);
    await selecting;
    stores.view.set({ ...(state.layer !== undefined ? { layer: state.layer } : {}), ...(state.head !== undefined ? { head: state.head } : {}),
      ...(state.encLayer !== undefined ? { encLayer: state.encLayer } : {}), ...(state.encHead !== undefined ? { encHead: state.encHead } : {}),
      ...(state.level ? { level: state.level } : {}) });
    // Text the user typed while the page loaded is theirs: never replaced; translated unless it is in
    // another language than the model reads (then the notice, as for a link's text).
    const box = /** @type {HTMLTextAreaElement} */ ($('#text'));
    if (!box.value.trim()) {
      const src = stores.model.get().info?.src ?? 'en';
      box.value = state.text ?? (EXAMPLES[src] ?? EXAMPLES.en)[0];
    }
    translateIfInLanguage(state.sentence ?? 0, state.step);
  } catch (e) {
    console.warn(e);  // shown in the status line
    stores.model.set({ status: 'error', error: e.message, errorCode: e.code ?? 'LOAD_FAILED' });
    startOfflineSupport();
  }
}

// The service worker's install downloads every file of precache.json (about 80): it is registered once
// the first translation is on screen (or has failed), or after 10 s, so that on a new visitor's first
// visit it does not compete with the model's download; its messages are heard from the start.
/** @type {() => void} */
let startOfflineSupport = () => {};
const offlineStart = new Promise((resolve) => { startOfflineSupport = () => resolve(undefined); });
if (/^https?:$/.test(location.protocol) && BASE) registerServiceWorker(new URL('./sw.js', BASE), (msg) => { $('#sw-status').textContent = msg; }, offlineStart);
start();
setTimeout(startOfflineSupport, 10_000);
