// The demo page's state in its URL (app/link.js writes and reads the query): the one place that knows
// what the URL holds beyond the stores, keeps it up to date and copies it. Restored on open by main.js.
import { t, onLanguageChange } from '../i18n/index.js';
import { linkLang, writeLink } from './link.js';
import { defaultsOf } from '../state/options.js';
import { sameOptions } from './engine-options.js';
import { $, textBox } from './page-dom.js';

/** @typedef {import('../state/stores.js').Stores} Stores */
/** @typedef {{ text: string, sentence: number, step: number | undefined }} HeldLink */

export class UrlState {
  /**
   * @param {Required<Stores>} stores
   * @param {import('./controller.js').AppController} controller
   * @param {URLSearchParams} params  the query the page opened with
   */
  constructor(stores, controller, params) {
    this.stores = stores;
    this.controller = controller;
    /** the page's language: in the URL when the link asked for one or the user picked one here */
    this.lang = linkLang(params) ?? undefined;
    /** the first translation is done (or the other-language offer shown): from now on the URL follows the page */
    this.following = false;
    /** @type {HeldLink | null} a link's sentence and step, kept while its text waits behind the other-language offer */
    this.held = null;
    /** the text of the last translation started (a step in the URL belongs to it) */
    this.translatedText = '';
    /** @type {{ key: string, params?: Record<string, string> } | null} the note beside the link button (a message key) */
    this.note = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** a change waits for its URL write (the 300 ms debounce): tests wait for false, not for a fixed time */
    this.pending = false;
  }

  /** The held sentence and step when `text` is still the link's. @param {string} text */
  heldFor(text) {
    return this.held && this.held.text === text ? this.held : null;
  }

  /** The query string of the page as it is now. */
  current() {
    const { run } = this.stores.run.get();
    const v = this.stores.view.get();
    const p = this.stores.paragraph.get();
    const playback = this.stores.playback.get();
    const form = this.stores.options.get();
    const table = this.controller.optionTable ?? [];
    const text = textBox().value.trim();
    const held = this.heldFor(text);  // not yet translated: the link's own
    return writeLink({
      text: text || undefined,
      model: this.stores.model.get().modelId ?? undefined, options: form,
      sentence: held ? held.sentence || undefined : p.sentences.length > 1 ? p.selected : undefined,
      // a step only once the animation rests (a reload mid-animation replays it instead of pausing there),
      // and only for the text it belongs to (new text typed but not yet translated opens at its end)
      // and only for the options it was decoded with (options changed in the form apply at the next
      // Translate: the link then opens with them, at the end, not at a step of another decode)
      step: held ? held.step : run?.done && !playback.playing && text === this.translatedText && sameOptions(run.options, form, table) ? playback.index : undefined,
      layer: v.layer, head: v.head, encLayer: v.encLayer, encHead: v.encHead, level: v.level,
    }, defaultsOf(table), { lang: this.lang, speed: playback.auto ? undefined : playback.speed });
  }

  /** Writes the URL (300 ms after the last change), once it follows the page. */
  update() {
    if (!this.following) return;
    clearTimeout(this.timer);
    this.pending = true;
    this.timer = setTimeout(() => {
      this.pending = false;
      const q = this.current().toString();
      if (q !== location.search.slice(1)) history.replaceState(null, '', `${location.pathname}${q ? `?${q}` : ''}${location.hash}`);
    }, 300);
  }

  /** The URL follows the stores, the typed text (it survives a reload before it is translated), and the copy button. */
  bind() {
    const { stores } = this;
    const update = () => this.update();
    for (const st of [stores.run, stores.view, stores.options, stores.paragraph]) st.subscribe(update);
    stores.playback.subscribe(({ playing }) => { if (!playing) update(); });
    textBox().addEventListener('input', update);
    onLanguageChange(() => this.renderNote());
    $('#copy-link').addEventListener('click', async () => {
      const url = new URL(`?${this.current()}`, location.href).href;
      try {
        await navigator.clipboard.writeText(url);
        this.setNote({ key: 'app.linkCopied' });
      } catch {
        this.setNote({ key: 'app.linkShow', params: { url } });
      }
    });
  }

  /** The note beside the link button, kept as a message key so that a language switch rewrites it. @param {UrlState['note']} note */
  setNote(note) {
    this.note = note;
    this.renderNote();
  }

  renderNote() {
    $('#link-note').textContent = this.note ? t(this.note.key, this.note.params) : '';
  }
}
