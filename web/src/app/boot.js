// The demo's head start, the first module main.js imports (so, in the page's bundle, the first code
// that runs): the catalogue is fetched, the engine's worker starts (it compiles the WebAssembly
// module) and the model the page opens with downloads, before the rest of the page's modules (views,
// components, catalogues of messages) are evaluated and main.js's start() asks for the same things:
// models.js keeps one catalogue fetch and one translator per file for the whole page.
import { getTranslator, initialModelId, loadManifest } from './models.js';

const params = new URLSearchParams(location.search);
loadManifest()
  .then((catalog) => {
    const entry = catalog.models.find((m) => m.id === initialModelId(catalog, params));
    return entry && getTranslator(entry);
  })
  // Failures are main.js's to show (its own calls get the same error, or try again).
  .catch(() => {});
