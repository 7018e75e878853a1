// The browser suite's core (tests/e2e/core/) in Debian's Firefox ESR (puppeteer-core, WebDriver BiDi).
import { coreSuite } from './core/suite.mjs';

coreSuite('firefox');
