// Debian's Firefox ESR for web-test-runner, driven by puppeteer-core over WebDriver BiDi.
//
// @web/test-runner-chrome sizes the page with `page.setViewport()` before every test file. Over
// BiDi, puppeteer-core sends `browsingContext.setViewport` and, beside it,
// `emulation.setScreenOrientationOverride`, a command Firefox ESR 140.12 does not know ("unknown
// command"): every test file then failed before running a test. The window is sized at launch, and
// a page's `setViewport` tolerates an emulation command the browser lacks, checking that the size
// took. Newer Firefox builds that know the command take the usual path.
import { chromeLauncher } from '@web/test-runner-chrome';
import * as puppeteerCore from 'puppeteer-core';

export const VIEWPORT = { width: 800, height: 600 };

/** True for the error a browser gives a WebDriver BiDi command it does not implement. */
export function isUnsupportedCommand(error) {
  const message = error instanceof Error ? error.message : String(error);
  return /unknown command|unsupported operation/i.test(message);
}

/**
 * `page.setViewport` that tolerates an emulation command the browser lacks. The commands of one
 * `setViewport` are sent together, so the viewport itself is set even when a companion command is
 * refused; the page's size is read back until it took.
 */
export function tolerantSetViewport(page) {
  const setViewport = page.setViewport.bind(page);
  return async (viewport) => {
    try {
      await setViewport(viewport);
    } catch (error) {
      if (!isUnsupportedCommand(error)) throw error;
      if (!viewport) return;
      // The refusal can come back before the viewport command has taken effect: wait for it.
      await page
        .waitForFunction(
          (width, height) => innerWidth === width && innerHeight === height,
          { timeout: 5_000, polling: 20 },
          viewport.width,
          viewport.height,
        )
        .catch((timeout) => {
          throw new Error(
            `Firefox did not take the viewport ${viewport.width}×${viewport.height} after refusing a companion command (${error.message})`,
            { cause: timeout },
          );
        });
    }
  };
}

/** web-test-runner's launcher for Firefox ESR at `executablePath`. */
export function firefoxLauncher({ executablePath }) {
  return chromeLauncher({
    puppeteer: puppeteerCore,
    launchOptions: {
      browser: 'firefox',
      executablePath,
      headless: true,
      args: [`--width=${VIEWPORT.width}`, `--height=${VIEWPORT.height}`],
      // No default viewport: puppeteer would set it on each new page through the untolerant path.
      defaultViewport: null,
    },
    async createPage({ context }) {
      const page = await context.newPage();
      page.setViewport = tolerantSetViewport(page);
      return page;
    },
  });
}
