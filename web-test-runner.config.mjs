import { build } from 'esbuild';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isTemplateSource, minifyTemplateSource } from './scripts/minify-templates.ts';
import { defaultReporter } from '@web/test-runner';
import { sandboxMiddleware, slowestFilesReporter } from './scripts/test-server.ts';
import { serverRenderedPages } from './scripts/server-rendered-pages.ts';

const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const rootDir = fileURLToPath(new URL('.', import.meta.url));

const require = createRequire(import.meta.url);

/**
 * The module a prebundled package is served as. esbuild cannot re-export the names of a CommonJS
 * package (`@sinonjs/fake-timers`), so they are read from the package itself.
 */
function entryOf(name) {
  const manifest = require(`${name}/package.json`);
  if (manifest.type === 'module' || manifest.module) return `export * from '${name}';`;
  const names = Object.keys(require(name)).filter((key) => key !== 'default');
  return `import all from '${name}';\nexport const { ${names.join(', ')} } = all;\nexport default all;`;
}

/**
 * Packages that are CommonJS, or whose own dependencies are (pdf-lib needs pako), which the test
 * server cannot serve as modules: each is bundled into one ES module, once, and served under
 * `/__prebundled/`.
 */
function prebundled(packages) {
  const bundles = new Map();
  const bundle = (name) =>
    build({
      stdin: { contents: entryOf(name), resolveDir: rootDir, loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
      // fake-timers requires Node's util only where there is a `process` (never in a browser).
      external: ['util'],
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
  // Pages mostly wait on the sandbox and on timers: three at a time keep two cores busy, beside the
  // node tests (`npm test`), and leave a scanner's burst of keys in time.
  concurrency: 3,
  concurrentBrowsers: 1,
  testsFinishTimeout: 240_000,
  // Above the longest wait of a test (`SETTLE_TIMEOUT_MS`), so the wait's own message is what fails.
  testFramework: { config: { timeout: 30_000 } },
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
    serverRenderedPages(),
    prebundled(['pdf-lib', '@sinonjs/fake-timers']),
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
  reporters: [defaultReporter(), slowestFilesReporter()],
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
