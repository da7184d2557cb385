// The Print buttons, pressed in headed Chromium: a browser that shows PDFs in a page prints them
// from a hidden frame, which headless Chromium cannot (it shows no PDF in a page, and printing a
// PDF frame there crashed the tab). `npm run test:browser:print` runs it under a virtual display
// (`xvfb-run`, Debian's package xvfb). Everything else is the main config.
import config from './web-test-runner.config.mjs';
import { playwrightLauncher } from '@web/test-runner-playwright';

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  ...config,
  files: ['test/print/**/*.test.ts'],
  concurrency: 1,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: false,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    }),
  ],
};
