// <attnseq-head-picker>: layer and head selectors for a multi-head attention view.
/**
 * @typedef {Object} HeadPickerData
 * @property {number} layers
 * @property {number} heads
 * @property {number|'alignment'} layer
 * @property {number|'mean'} head
 * @property {string} label
 * @property {boolean} [alignment]  offer the "alignment" entry: last layer, mean of heads
 */
// events: attnseq-head {layer, head}
import { View, define, h } from './dom.js';
import { t } from '../i18n/index.js';

/** @extends {View<HeadPickerData>} */
class HeadPicker extends View {
  connectedCallback() {
    super.connectedCallback();
    this.addEventListener('change', () => {
      // (both are drawn together; a change event comes from one of them)
      const layer = /** @type {HTMLSelectElement} */ (this.querySelector('[name=layer]'));
      const head = /** @type {HTMLSelectElement} */ (this.querySelector('[name=head]'));
      const l = layer.value, hd = head.value;
      this.emit('attnseq-head', {
        layer: l === 'alignment' ? 'alignment' : Number(l),
        head: hd === 'mean' ? 'mean' : Number(hd),
      });
    });
  }

  /** @param {HeadPickerData | null} d */
  render(d) {
    this.replaceChildren();
    if (!d || !(d.layers > 0)) return;
    const opt = (/** @type {string | number} */ value, /** @type {string} */ text, /** @type {boolean} */ sel) => { const o = h('option', { value }, text); o.selected = sel; return o; };
    const layers = [];
    if (d.alignment) layers.push(opt('alignment', t('heads.alignment'), d.layer === 'alignment'));
    for (let l = 0; l < d.layers; l++) layers.push(opt(l, t('heads.layer', { n: l + 1 }), d.layer === l));
    const heads = [opt('mean', t('heads.mean'), d.head === 'mean')];
    for (let k = 0; k < d.heads; k++) heads.push(opt(k, t('heads.head', { n: k + 1 }), d.head === k));
    const headSel = h('select', { name: 'head', disabled: d.layer === 'alignment' }, heads);
    this.appendChild(h('fieldset', { class: 'head-picker' },
      h('legend', {}, d.label ?? ''),
      h('label', {}, h('span', {}, t('heads.layerLabel')), h('select', { name: 'layer' }, layers)),
      h('label', {}, h('span', {}, t('heads.headLabel')), headSel)));
  }
}

define('attnseq-head-picker', HeadPicker);
