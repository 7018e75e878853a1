// The demo's head start, an entry of the page's bundles of its own (web/dist/demo-boot.js, loaded
// async: it runs as soon as it and the chunk it shares with main.js have arrived) and main.js's first
// import: the catalogue is fetched, the engine's worker starts (it compiles the WebAssembly module) and
// the model the page opens with downloads, while the rest of the page's code (views, components,
// catalogues of messages) is still on its way; main.js's start() then finds them under way: models.js
// keeps one catalogue fetch and one translator per file for the whole page.
import { loadManifest } from './models.js';
import { linkModel, pageParams } from './link.js';
import { getTranslator } from './translators.js';

const params = pageParams();
loadManifest()
  .then((catalog) => {
    const entry = catalog.models.find((m) => m.id === linkModel(catalog, params));
    return entry && getTranslator(entry);
  })
  // Failures are main.js's to show (its own calls get the same error, or try again).
  .catch(() => {});
