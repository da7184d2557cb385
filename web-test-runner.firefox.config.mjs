// The API, reliability and element suites again in Firefox: Debian's Firefox ESR, driven by
// puppeteer-core over WebDriver BiDi (no browser is downloaded). Everything else is the main config.
// Each element's own suite (test/elements/<tag>/<tag>.test.ts) and the tests across elements
// (test/elements/*.test.ts) run here with the sandbox speaking as some live accounts do
// (`npm run test:browser:quirks`, SANDBOX_QUIRKS=all), so each of them meets Chromium on the
// default answers and Firefox on the live accounts' shapes; the rest run here on the default
// answers. `npm run test:browsers` runs these passes beside Chromium's.
import { readdirSync } from 'node:fs';
import config from './web-test-runner.config.mjs';
import { firefoxLauncher } from './scripts/firefox-launcher.mjs';

const elementSuites = readdirSync(new URL('test/elements/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `test/elements/${entry.name}/${entry.name}.test.ts`);

const quirksPass = ['test/elements/*.test.ts', ...elementSuites];
const defaultPass = [
  'test/api/**/*.test.ts',
  'test/elements/*/**/*.test.ts',
  ...elementSuites.map((file) => `!${file}`),
  'test/reliability/**/*.test.ts',
];

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  ...config,
  files: process.env.SANDBOX_QUIRKS === 'all' ? quirksPass : defaultPass,
  // One page at a time: Firefox gives focus and keyboard input to the tab in front only, and
  // slows the timers of the tabs behind it.
  concurrency: 1,
  browsers: [firefoxLauncher({ executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr' })],
};
