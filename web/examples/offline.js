// The tutorial keeps working offline: the demo's service worker (web/sw.js, scope web/) is registered
// from here too, so a first visit to the tutorial caches what it needs, and the page says so as the
// demo does ("Available offline, with all 8 models.", in the page's language, in its #sw-status).
// Widgets embedded on other sites do not do this (a page's service worker is its own site's business).
import { registerServiceWorker, cacheLoadedResources, keepModelsOffline } from '../src/app/offline.js';
import { BASE } from '../src/assets.js';
import { loadManifest } from '../src/app/models.js';
import { catalogueOf } from '../src/app/widget-notes.js';
import { languageOf } from '../src/i18n/index.js';

if (BASE && /^https?:$/.test(location.protocol)) {
  const status = document.getElementById('sw-status');
  registerServiceWorker(new URL('./sw.js', BASE), (msg) => { if (status) status.textContent = msg; }, undefined,
    languageOf(document.documentElement.lang));
  // once the widgets have loaded their models, ask the worker to keep them, and (after the first
  // translation, so the downloads do not compete) every model of the catalogues they read: after
  // this visit every widget works offline, and the demo too when they read its catalogue
  let asked = false;
  const widgets = () => [...document.querySelectorAll('attnseq-translate, attnseq-generation, attnseq-attention')];
  const settled = () => widgets().every((w) => w.dataset.ready || w.shadowRoot?.querySelector('.w-status.error'));
  document.addEventListener('attnseq-ready', () => {
    if (!asked && settled()) {  // every widget has its model: now the rest of the catalogues they read
      asked = true;             // (each widget's `models`, the page's <meta name="attnseq-models">, else the default)
      const urls = [...new Set(widgets().map((w) => catalogueOf(w)))];
      Promise.allSettled(urls.map((u) => loadManifest(u))).then((all) => {
        const models = all.flatMap((r) => (r.status === 'fulfilled' ? r.value.models.map((m) => m.url) : []));
        if (models.length) keepModelsOffline([...new Set(models)]);
        cacheLoadedResources();
      });
    }
    cacheLoadedResources();
  });
}
