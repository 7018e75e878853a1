// The demo page's translations: what starts one (Translate, Enter, an example, a model switch, a
// sentence, an alternative, a link), the other-language offer in front of it (app/lang-offer.js) and
// what follows one (the playback, the URL, the offline download after the first).
import { reducedMotion } from '../components/dom.js';
import { rendersDone } from '../components/frames.js';
import { playNextRun } from './player.js';
import { EXAMPLES } from './examples.js';
import { languageOffer, renderOffer, hideOffer } from './lang-offer.js';
import { checkDecodingForm, problemNotice } from './option-check.js';
import { keepModelsOffline, cacheLoadedResources } from './offline.js';
import { $, textBox } from './page-dom.js';

/** @typedef {import('../state/schema.js').Run} Run */
/** @typedef {import('../state/schema.js').RunOptions} RunOptions */

/**
 * @typedef {Object} Page  what the page's modules share (app/main.js makes it)
 * @property {Required<import('../state/stores.js').Stores>} stores
 * @property {import('./controller.js').AppController} controller
 * @property {import('./url-state.js').UrlState} url
 * @property {() => void} startOfflineSupport  registers the service worker (once)
 */

export class PageRuns {
  /** @param {Page} page */
  constructor(page) {
    this.page = page;
    this.seq = 0;
    /** @type {() => RunOptions} the form's options (bindDecodingForm replaces it once the engine's table is known) */
    this.options = () => /** @type {RunOptions} */ (page.stores.options.get());
    this.anyway = '';  // "text|model" the reader chose to translate anyway
    this.offerFor = 0;  // the last language check asked (an answer to an older one is dropped)
    this.cancelPlay = () => {};  // the wait of playNextRun for the run started last
  }

  /**
   * Starts a run and shows it: animated from `fromIndex`, or at `step` (a link's), or at its end under
   * reduced motion.
   * @param {() => Promise<Run | null>} start
   * @param {number} [fromIndex]
   * @param {number} [step]
   */
  async run(start, fromIndex = -1, step = undefined) {
    const { stores, controller, url } = this.page;
    const seq = ++this.seq;
    const reduce = reducedMotion() || step !== undefined;  // a link to a step shows that step, not an animation
    // the animation starts when the run is in the run store, not now: in a slow engine the clock
    // would tick before the engine answered, find no run "finished" and stop (app/player.js playNextRun)
    stores.playback.set({ index: fromIndex, playing: false });
    this.cancelPlay();
    if (!reduce) this.cancelPlay = playNextRun(stores);
    try {
      const r = await start();
      if (seq !== this.seq || !r) return;
      if (reduce) stores.playback.set({ index: step !== undefined ? Math.min(step, r.steps.length - 1) : r.steps.length - 1, playing: false });
      url.following = true;
      url.update();  // the URL follows from now on (with reduced motion no later playback change would write it)
      await rendersDone();  // (the figures drawn a frame after the text: frames.js holdRenders)
      if (seq !== this.seq) return;
      document.body.dataset.runs = String(this.seq);  // tests wait on this: the translation and its figures drawn
      // After the first visit every model works offline: the catalogue downloads now, in the background.
      if (seq === 1) {
        keepModelsOffline(controller.requireCatalog().models.map((m) => m.url));
        cacheLoadedResources();
      }
    } catch (e) {
      console.warn(e);  // shown in the status line
    }
    this.page.startOfflineSupport();
  }

  /**
   * Translates the text box's text (its sentence `sentence`, shown at `step`), unless a decoding field
   * is out of the engine's range (then said why) or there is no text (then said so).
   * @param {number} [sentence]
   * @param {number} [step]
   */
  translateNow(sentence = 0, step = undefined) {
    const { stores, controller, url } = this.page;
    const text = textBox().value.trim();
    if (stores.model.get().status !== 'ready') return;
    const problem = controller.optionTable && checkDecodingForm($('#decoding'), controller.optionTable, { focus: true });
    if (problem) { stores.run.set({ notice: problemNotice(problem) }); return; }
    if (!text) {  // nothing to translate: say so (the last translation stays)
      if (stores.run.get().status !== 'running') stores.run.set({ notice: 'app.empty', status: stores.run.get().run ? 'done' : 'idle', error: null });
      return;
    }
    url.translatedText = text;
    url.held = null;
    this.run(() => controller.translateParagraph(text, { ...this.options() }, sentence), -1, step);
  }

  /**
   * Translate asked for by the user: a link that opened with the offer keeps its sentence and step for
   * it, as long as its text is unchanged.
   */
  translateAsked() {
    const held = this.page.url.heldFor(textBox().value.trim());
    this.translateIfInLanguage(held?.sentence ?? 0, held?.step);
  }

  /**
   * Own text in another language than the model reads is kept and not translated (its output would be
   * noise): the offer names the language and the model that reads it, or says none does, and lets the
   * reader translate it anyway with this model (remembered for this text and model). Used on Translate,
   * a model switch and on opening a link (a link saved while the offer showed opens with the same offer).
   * @param {number} [sentence]
   * @param {number} [step]
   */
  async translateIfInLanguage(sentence = 0, step = undefined) {
    const { stores, controller, url } = this.page;
    const text = textBox().value.trim(), info = stores.model.get().info;
    const mine = ++this.offerFor;
    // (the model's own example sentences need no check: the first translation never waits for the identifier)
    const own = info && (EXAMPLES[info.src] ?? []).includes(text);
    const offer = info && !own && this.anyway !== `${text}|${info.id}` ? await languageOffer(text, info, controller.catalog?.models ?? []) : null;
    if (mine !== this.offerFor) return;
    const modelSel = $('#model', HTMLSelectElement);
    const box = $('#lang-offer');
    if (offer && info) {
      renderOffer(box, offer, info, {
        onSwitch: (id) => { modelSel.value = id; modelSel.dispatchEvent(new Event('change')); },
        onAnyway: () => { this.anyway = `${text}|${info.id}`; hideOffer(box); this.translateNow(sentence, step); },
      });
      // (the last translation goes, its sentence picker too: it is not this text's, and under it would read
      // as if it were; a paragraph still being translated stops)
      controller.clearTranslation(text);
      url.held = sentence || step !== undefined ? { text, sentence, step } : null;
      url.following = true;  // from now on the URL follows the page (edits, options), as after a translation
      return;
    }
    hideOffer(box);
    this.translateNow(sentence, step);
  }

  /** The form, Enter in the text box and the model picker start translations. */
  bind() {
    const { stores, controller } = this.page;
    $('#translate-form').addEventListener('submit', (e) => { e.preventDefault(); this.translateAsked(); });
    textBox().addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) { e.preventDefault(); this.translateAsked(); }
    });
    const modelSel = $('#model', HTMLSelectElement);
    modelSel.addEventListener('change', async () => {
      // A model that cannot be loaded leaves the current one (and its translation) in place.
      if (!(await controller.selectModel(modelSel.value).catch(() => null))) return;
      stores.run.set({ run: null, status: 'idle' });
      // The user's own text stays; an example sentence (or nothing) becomes one in the model's language.
      const src = stores.model.get().info?.src, box = textBox(), text = box.value;
      const isExample = Object.values(EXAMPLES).some((list) => list.includes(text));
      if (src && (!text.trim() || (isExample && !EXAMPLES[src]?.includes(text)))) box.value = (EXAMPLES[src] ?? EXAMPLES.en)[0];
      this.translateIfInLanguage();
    });
  }
}
