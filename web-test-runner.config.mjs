import { build } from 'esbuild';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isTemplateSource, minifyTemplateSource } from './scripts/minify-templates.ts';
import { sandboxMiddleware } from './scripts/test-server.ts';

const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const rootDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * Packages whose own dependencies are CommonJS, which the test server cannot serve as modules
 * (pdf-lib needs pako): each is bundled into one ES module, once, and served under `/__prebundled/`.
 */
function prebundled(packages) {
  const bundles = new Map();
  const bundle = (name) =>
    build({
      stdin: { contents: `export * from '${name}';`, resolveDir: rootDir, loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0].text);
  return {
    name: 'prebundled-packages',
    resolveImport({ source }) {
      return packages.includes(source) ? `/__prebundled/${source}.js` : undefined;
    },
    async serve(context) {
      const name = /^\/__prebundled\/(.+)\.js$/.exec(context.path)?.[1];
      if (!name || !packages.includes(name)) return undefined;
      if (!bundles.has(name)) bundles.set(name, bundle(name));
      return { body: await bundles.get(name), type: 'js' };
    },
  };
}

/** A loopback port free now, so two runs at once (the Chromium and Firefox passes, or a run beside a dev server) do not collide on 8000. */
const port =
  Number(process.env.WTR_PORT) ||
  (await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 8000));
    });
  }));

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  rootDir,
  port,
  files: ['test/**/*.test.ts', '!test/node/**', '!test/print/**'],
  nodeResolve: { exportConditions: ['development', 'browser'] },
  concurrency: 2,
  concurrentBrowsers: 1,
  testsFinishTimeout: 240_000,
  testFramework: { config: { timeout: 10_000 } },
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: chromiumFlags,
      },
    }),
  ],
  plugins: [
    prebundled(['pdf-lib']),
    // The templates run minified, as the package ships them.
    {
      name: 'minify-templates',
      async transform(context) {
        if (!isTemplateSource(context.path) || typeof context.body !== 'string') return undefined;
        return { body: await minifyTemplateSource(context.body, context.path) };
      },
    },
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
  ],
  middleware: [sandboxMiddleware()],
  testRunnerHtml: (testFramework) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /></head>
  <body>
    <script type="module" src="/test/helpers/lit-warnings.ts"></script>
    <script type="module" src="/test/helpers/assertion-values.ts"></script>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
};
