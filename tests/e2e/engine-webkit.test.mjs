// The browser suite's core (tests/e2e/core/) in WebKitGTK's MiniBrowser under Xvfb (selenium-webdriver, classic WebDriver).
import { coreSuite } from './core/suite.mjs';

coreSuite('webkit');
