// The API, reliability and element suites again in Firefox: Debian's Firefox ESR, driven by
// puppeteer-core over WebDriver BiDi (no browser is downloaded). Everything else is the main config.
// The elements' own suites (test/elements/*.test.ts) run here with the sandbox speaking as some live
// accounts do (`npm run test:browser:quirks`, SANDBOX_QUIRKS=all), so each element test meets
// Chromium on the default answers and Firefox on the live accounts' shapes; this config's own files
// are the rest, on the default answers. `npm run test:browsers` runs these passes beside Chromium's.
import config from './web-test-runner.config.mjs';
import { firefoxLauncher } from './scripts/firefox-launcher.mjs';

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  ...config,
  files: ['test/api/**/*.test.ts', 'test/elements/*/**/*.test.ts', 'test/reliability/**/*.test.ts'],
  // One page at a time: Firefox gives focus and keyboard input to the tab in front only, and
  // slows the timers of the tabs behind it.
  concurrency: 1,
  browsers: [firefoxLauncher({ executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr' })],
};
