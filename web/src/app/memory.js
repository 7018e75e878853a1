// The fading-memory measurement (issue 30, item 3) for a view (components/memory.js): the engine's
// sensitivity() on the sentence, through the controller. Shared by the widget (view="memory") and
// the demo's section.
import { pieceLabels } from '../state/text.js';

/**
 * @param {import('../components/dom.js').View} view
 * @param {import('./controller.js').AppController} controller
 * @param {string} modelId
 * @param {string} text
 */
export async function showMemory(view, controller, modelId, text) {
  const { model, result: r } = await controller.sensitivityOf(modelId, text);
  // the measured positions: the source tokens less </s>
  const source = pieceLabels(r.sourceTokens.map((x) => x.piece), [model.bos, model.eos]).slice(0, r.change.length);
  view.data = { model, source, measure: r.measure, change: [...r.change], forward: [...(r.forward ?? [])], backward: [...(r.backward ?? [])] };
  return view.data;
}
