// The engines of the cross-engine tests (tests/e2e/core/): each a launch(options) → driver (driver.mjs).
// Chromium is not among them: it runs the whole browser suite (tests/e2e/*.test.mjs, playwright-core),
// whose demo, widgets, offline, cross-origin and csp files check what the core checks, and more.
import { launchFirefox } from './firefox.mjs';
import { launchWebKit } from './webkit.mjs';

export const ENGINES = { firefox: launchFirefox, webkit: launchWebKit };

/** @param {'firefox'|'webkit'} name */
export function launchEngine(name, options) {
  const launch = ENGINES[name];
  if (!launch) throw new Error(`unknown engine ${name} (${Object.keys(ENGINES).join(', ')})`);
  return launch(options);
}
