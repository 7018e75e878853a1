// The decoding controls, built from the engine's option table (state/options.js): the strategy as
// radio buttons (its choices), then one fieldset per strategy holding the options that apply to it,
// each a number input with the engine's range and default and its doc as the hint. Form ↔ options
// store. Labels are the catalogue's dec.<name> (dec.<strategy> for the choices).
import { h } from '../components/dom.js';
import { t, onLanguageChange } from '../i18n/index.js';
import { UI_OPTION } from '../state/options.js';
import { checkDecodingForm } from './option-check.js';

/** @typedef {import('../state/schema.js').RunOptions} RunOptions */

/**
 * @param {HTMLElement} root   the element the fields go into (after its <summary>)
 * @param {ReturnType<import('../state/stores.js').createOptionsStore>} store
 * @param {import('../state/options.js').OptionSpec[]} table
 * @returns {() => RunOptions} the current options
 */
export function bindDecodingForm(root, store, table) {
  const specs = table.filter(UI_OPTION);
  const strategy = specs.find((s) => s.kind === 'strategy');
  const numbers = specs.filter((s) => s.kind !== 'strategy' && s.kind !== 'bool');
  const field = (/** @type {string} */ name) => /** @type {HTMLInputElement | null} */ (root.querySelector(`[name="${name}"]`));

  // The engine's doc of an option, or the catalogue's translation of it (dec.<name>.doc; English has none).
  const hint = (/** @type {import('../state/options.js').OptionSpec} */ s) => { const k = `dec.${s.name}.doc`; const v = t(k); return v === k ? s.doc : v; };
  function build() {
    for (const el of root.querySelectorAll('fieldset')) el.remove();
    const choices = h('fieldset', { class: 'strategy' }, h('legend', {}, t('dec.strategy')),
      ...(strategy?.choices ?? []).map((c) => h('label', {}, h('input', { type: 'radio', name: 'strategy', value: c }), ' ', t(`dec.${c}`))));
    root.appendChild(choices);
    for (const c of strategy?.choices ?? []) {
      const own = numbers.filter((s) => s.applies === c);
      if (!own.length) continue;
      root.appendChild(h('fieldset', { class: 'params', 'data-for': c },
        ...own.map((s) => h('label', { title: hint(s) }, h('span', {}, t(`dec.${s.name}`)), ' ',
          h('input', { type: 'number', name: s.name, min: s.min, max: s.max, step: s.kind === 'float' ? 'any' : '1',
            required: true, 'aria-description': hint(s) })))));
    }
    write(store.get());
    show(store.get());
  }
  function read() {
    const checked = /** @type {HTMLInputElement | null} */ (root.querySelector('[name=strategy]:checked'));
    /** @type {Record<string, unknown>} the options of the form (named by the engine's table) */
    const patch = { strategy: checked?.value ?? strategy?.default };
    for (const s of numbers) {
      const el = field(s.name);
      if (!el) continue;
      const v = Number(el.value);
      if (el.value !== '' && Number.isFinite(v) && el.checkValidity()) patch[s.name] = v;
    }
    store.set(/** @type {Partial<RunOptions>} */ (patch));
  }
  /** @param {RunOptions} o */
  function show({ strategy: chosen }) {
    for (const fs of /** @type {NodeListOf<HTMLFieldSetElement>} */ (root.querySelectorAll('fieldset[data-for]'))) {
      fs.hidden = fs.dataset.for !== chosen;
      fs.disabled = fs.hidden;
    }
  }
  /** @param {RunOptions} o */
  function write(o) {
    const value = (/** @type {string} */ name) => /** @type {Record<string, unknown>} */ (o)[name];
    const radio = /** @type {HTMLInputElement | null} */ (root.querySelector(`[name=strategy][value="${o.strategy}"]`));
    if (radio) radio.checked = true;
    for (const s of numbers) {
      const el = field(s.name);
      if (!el || value(s.name) == null) continue;
      // An empty field is filled (Number('') is 0, so a default of 0 would stay blank and block the form's
      // submit), unless the user is emptying it to type a new value.
      const blank = el.value === '' && el !== root.ownerDocument.activeElement;
      if (blank || (el.value !== '' && Number(el.value) !== value(s.name))) el.value = String(value(s.name));
    }
  }
  // a field out of the engine's range is marked as it is typed (app/option-check.js; Translate refuses it)
  const mark = () => checkDecodingForm(root, table);
  root.addEventListener('input', () => { read(); mark(); });
  root.addEventListener('change', () => { read(); mark(); });
  store.subscribe((o) => { write(o); show(o); });
  onLanguageChange(build);
  build();
  return () => store.get();
}
