// The browser suite's core in one engine: one browser (engines/), launched once, runs the demo, the
// tutorial's widgets, offline reload, the cross-origin embed and the strict policies in turn.
import { describe, before, after } from 'node:test';
import { launchEngine } from '../engines/index.mjs';
import { demoTests } from './demo.mjs';
import { widgetTests } from './widgets.mjs';
import { offlineTests } from './offline.mjs';
import { crossOriginTests } from './cross-origin.mjs';
import { cspTests } from './csp.mjs';
import { LAPTOP } from './page.mjs';

/** @param {'firefox'|'webkit'} engine */
export function coreSuite(engine) {
  const ctx = { engine, driver: null };
  describe(`core in ${engine}`, () => {
    before(async () => {
      ctx.driver = await launchEngine(engine, { viewport: LAPTOP });
      process.stdout.write(`# ${engine} ${ctx.driver.version}\n`);
    });
    after(async () => { await ctx.driver?.close(); });
    demoTests(ctx);
    widgetTests(ctx);
    offlineTests(ctx);
    crossOriginTests(ctx);
    cspTests(ctx);
  });
}
