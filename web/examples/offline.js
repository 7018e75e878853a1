// The tutorial keeps working offline: the demo's service worker (web/sw.js, scope web/) is registered
// from here too, so a first visit to the tutorial caches what it needs. Widgets embedded on other
// sites do not do this (a page's service worker is its own site's business).
import { registerServiceWorker, cacheLoadedResources } from '../src/app/offline.js';
import { BASE } from '../src/assets.js';

if (BASE && /^https?:$/.test(location.protocol)) {
  registerServiceWorker(new URL('./sw.js', BASE), () => {});
  // once the widgets have loaded their models, ask the worker to keep them
  document.addEventListener('attnseq-ready', () => cacheLoadedResources());
}
