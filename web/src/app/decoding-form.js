// The decoding controls (strategy, beam size, length penalty, temperature, top-k, top-p, seed):
// form fields ↔ the options store. Only the fields of the chosen strategy are shown.

const NUMBERS = ['beamSize', 'lengthPenalty', 'temperature', 'topK', 'topP', 'seed'];

/**
 * @param {HTMLElement} root   the element holding the fields
 * @param {ReturnType<import('../state/stores.js').createOptionsStore>} store
 * @returns {() => import('../state/contract.js').RunOptions} the current options
 */
export function bindDecodingForm(root, store) {
  const field = (name) => root.querySelector(`[name="${name}"]`);
  function read() {
    const strategy = root.querySelector('[name=strategy]:checked')?.value ?? 'greedy';
    const patch = { strategy };
    for (const n of NUMBERS) {
      const el = field(n);
      if (!el) continue;
      const v = Number(el.value);
      if (el.value !== '' && Number.isFinite(v) && el.checkValidity()) patch[n] = v;
    }
    store.set(patch);
  }
  function show({ strategy }) {
    for (const fs of root.querySelectorAll('fieldset[data-for]')) {
      fs.hidden = fs.dataset.for !== strategy;
      fs.disabled = fs.hidden;
    }
  }
  function write(o) {
    const radio = root.querySelector(`[name=strategy][value="${o.strategy}"]`);
    if (radio) radio.checked = true;
    for (const n of NUMBERS) if (field(n) && o[n] != null && Number(field(n).value) !== o[n]) field(n).value = String(o[n]);
  }
  root.addEventListener('input', read);
  root.addEventListener('change', read);
  store.subscribe((o) => { write(o); show(o); });
  return () => store.get();
}
