// The demo page (web/index.html): stores, the app controller, the player and the views wired
// together. The first translation of an example sentence starts as soon as the default model loads.
// Served bundled (scripts/build_demo.mjs → web/dist/demo-*.js), where boot.js is also an entry of its
// own that runs as soon as it has arrived; imported first here, it runs first wherever main.js is
// loaded unbundled (the single-file build). What the page does is in its own modules:
//   app/page-runs.js    translations: what starts one, the other-language offer, what follows one
//   app/page-panels.js  the model picker, status line, run panels, sentences, examples, pending note
//   app/url-state.js    the page's state in its URL
import './boot.js';
import '../components/index.js';
import { createModelStore, createRunStore, createPlaybackStore, createViewStore, createOptionsStore, createWorkStore, createParagraphStore } from '../state/stores.js';
import { t, languages, getLanguage, setLanguage, onLanguageChange, translateDom, detectLanguage } from '../i18n/index.js';
import { AppController } from './controller.js';
import { createPlayer, bindPlaybackKeys } from './player.js';
import { bindViews, bindWork } from './views.js';
import { exportFigure } from './export.js';
import { setupCompare } from './compare.js';
import { setupScores } from './score-section.js';
import { setupSeedSections } from './seed-sections.js';
import { bindDecodingForm } from './decoding-form.js';
import { defaultsOf } from '../state/options.js';
import { readLink } from './link.js';
import { availableOffline } from './models.js';
import { linkLang, linkModel, linkSpeed, pageParams } from './link.js';
import { getTranslator, hasFailed } from './translators.js';
import { BASE } from '../assets.js';
import { registerServiceWorker } from './offline.js';
import { EXAMPLES } from './examples.js';
import { autosize } from './autosize.js';
import { UrlState } from './url-state.js';
import { PageRuns } from './page-runs.js';
import { bindPanels, renderModelPicker, renderStatus } from './page-panels.js';
import { $, textBox } from './page-dom.js';

const params = pageParams();
setLanguage(linkLang(params) || detectLanguage());

/** @type {Required<import('../state/stores.js').Stores>} */
const stores = {
  model: createModelStore(), run: createRunStore(), playback: createPlaybackStore(),
  view: createViewStore(), options: createOptionsStore(), work: createWorkStore(),
  paragraph: createParagraphStore(),
};
// a speed the link asks for (else the pace follows each sentence's length: app/pace.js)
const speed = linkSpeed(params);
if (speed !== undefined) stores.playback.set({ speed, auto: false });
const controller = new AppController(stores);
controller.textFirst = true;  // the translation's text is painted a frame before the figures
const player = createPlayer(stores);

// The service worker's install downloads every file of precache.json (about 80): it is registered once
// the first translation is on screen (or has failed), or after 10 s, so that on a new visitor's first
// visit it does not compete with the model's download; its messages are heard from the start.
/** @type {() => void} */
let startOfflineSupport = () => {};
const offlineStart = new Promise((resolve) => { startOfflineSupport = () => resolve(undefined); });

/** @type {import('./page-runs.js').Page} */
const page = { stores, controller, url: new UrlState(stores, controller, params), startOfflineSupport: () => startOfflineSupport() };
const runs = new PageRuns(page);
// for tests and the curious (tests wait for url.pending to fall: the URL written)
globalThis.attnseqDemo = { stores, controller, url: page.url, models: { getTranslator, hasFailed } };

// Language
const langSel = $('#lang', HTMLSelectElement);
for (const l of languages) langSel.appendChild(new Option(l.label, l.code));
langSel.value = getLanguage();
langSel.addEventListener('change', () => { page.url.lang = langSel.value; setLanguage(langSel.value); page.url.update(); });
const relabel = () => {
  translateDom(document);
  document.title = t('app.title');
  // the tutorial in the page's language (web/examples/tutorial.zh.html: the same widgets and statements);
  // the single-file build (scripts/build_single_file.mjs) has no tutorial link
  const tutorial = document.getElementById('tutorial-link');
  if (tutorial instanceof HTMLAnchorElement) tutorial.href = getLanguage() === 'zh' ? 'examples/tutorial.zh.html' : 'examples/tutorial.html';
  renderModelPicker(page);
  renderStatus(page);
};
onLanguageChange(relabel);

// Views
const main = $('main');
bindViews(main, stores, { act: player.act, onAlternative: ({ index, id }) => runs.run(() => controller.alternative(index, id), index) });
bindPlaybackKeys(main, player.act, { page: true });
document.addEventListener('click', (e) => {
  const b = e.target instanceof Element ? e.target.closest('button[data-export]') : null;
  if (b instanceof HTMLButtonElement && b.dataset.export) {
    exportFigure(document.getElementById(b.dataset.export), `attnseq-${b.dataset.export.replace('fig-', '')}`, b.dataset.format);
  }
});
// Pieces or words in the attention figures
$('#level').addEventListener('change', (e) => stores.view.set({ level: /** @type {HTMLInputElement} */ (e.target).value === 'word' ? 'word' : 'piece' }));
stores.view.subscribe(({ level }) => {
  const radio = document.querySelector(`#level input[value="${level}"]`);
  if (radio instanceof HTMLInputElement && !radio.checked) radio.checked = true;
});
// The text box is as tall as its text (a long sentence is read whole on a phone)
autosize(textBox());
bindWork(/** @type {import('../components/dom.js').View} */ ($('#work')), stores);
bindPanels(page, runs);
runs.bind();
page.url.bind();
setupCompare($('#compare'), controller, stores);
setupScores($('#scores'), controller, stores);
setupSeedSections($, controller, stores);
relabel();

// Offline: which models this browser holds (the others need the network).
async function refreshOffline() {
  if (!controller.catalog) return;
  const held = navigator.onLine ? null : await availableOffline(controller.catalog.models);
  stores.model.set({ offline: held ? [...held] : null });
  renderModelPicker(page);
}
addEventListener('online', refreshOffline);
addEventListener('offline', refreshOffline);

// Opening: the catalogue, the model (the link's or the default), the link's options, view and text.
async function start() {
  try {
    const catalog = await controller.init();
    await refreshOffline();
    // The model downloads while the engine starts (the option table needs its WebAssembly module).
    const selecting = controller.selectModel(linkModel(catalog, params));
    const table = await controller.options();
    const { state, problems } = readLink(params, table, catalog);
    if (problems.length) page.url.setNote({ key: 'app.badLink', params: { list: problems.join(', ') } });
    stores.options.set({ ...defaultsOf(table), ...stores.options.get(), ...state.options });
    runs.options = bindDecodingForm($('#decoding'), stores.options, table);
    await selecting;
    stores.view.set({ ...(state.layer !== undefined ? { layer: state.layer } : {}), ...(state.head !== undefined ? { head: state.head } : {}),
      ...(state.encLayer !== undefined ? { encLayer: state.encLayer } : {}), ...(state.encHead !== undefined ? { encHead: state.encHead } : {}),
      ...(state.level ? { level: state.level } : {}) });
    // Text the user typed while the page loaded is theirs: never replaced; translated unless it is in
    // another language than the model reads (then the notice, as for a link's text).
    const box = textBox();
    if (!box.value.trim()) {
      const src = stores.model.get().info?.src ?? 'en';
      box.value = state.text ?? (EXAMPLES[src] ?? EXAMPLES.en)[0];
    }
    runs.translateIfInLanguage(state.sentence ?? 0, state.step);
  } catch (e) {
    console.warn(e);  // shown in the status line
    const err = /** @type {{message?: string, code?: string}} */ (e);
    stores.model.set({ status: 'error', error: err?.message ?? String(e), errorCode: err?.code ?? 'LOAD_FAILED' });
    startOfflineSupport();
  }
}

if (/^https?:$/.test(location.protocol) && BASE) registerServiceWorker(new URL('./sw.js', BASE), (msg) => { $('#sw-status').textContent = msg; }, offlineStart);
start();
setTimeout(startOfflineSupport, 10_000);
