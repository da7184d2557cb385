// The element, reliability and API suites again in Firefox: Debian's Firefox ESR, driven by
// puppeteer-core over WebDriver BiDi (no browser is downloaded). Everything else is the main config.
import { chromeLauncher } from '@web/test-runner-chrome';
import * as puppeteerCore from 'puppeteer-core';
import config from './web-test-runner.config.mjs';

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  ...config,
  files: ['test/api/**/*.test.ts', 'test/elements/**/*.test.ts', 'test/reliability/**/*.test.ts'],
  // One page at a time: Firefox gives focus and keyboard input to the tab in front only, and
  // slows the timers of the tabs behind it.
  concurrency: 1,
  browsers: [
    chromeLauncher({
      puppeteer: puppeteerCore,
      launchOptions: {
        browser: 'firefox',
        executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
        headless: true,
      },
    }),
  ],
};
