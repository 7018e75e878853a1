// The browser suite's core (tests/e2e/core/) in Debian's Chromium (playwright-core).
import { coreSuite } from './core/suite.mjs';

coreSuite('chromium');
