// The three engines of the cross-engine tests (tests/e2e/core/): each a launch(options) → driver
// (driver.mjs). Chromium also runs the whole browser suite (tests/e2e/*.test.mjs, playwright-core).
import { launchChromium } from './chromium.mjs';
import { launchFirefox } from './firefox.mjs';
import { launchWebKit } from './webkit.mjs';

export const ENGINES = { chromium: launchChromium, firefox: launchFirefox, webkit: launchWebKit };

/** @param {'chromium'|'firefox'|'webkit'} name */
export function launchEngine(name, options) {
  const launch = ENGINES[name];
  if (!launch) throw new Error(`unknown engine ${name} (${Object.keys(ENGINES).join(', ')})`);
  return launch(options);
}
