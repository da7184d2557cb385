/**
 * Pages rendered on the server with `@lit-labs/ssr`, for the browser tests of hydration: the test
 * server renders `GET /__server-rendered/<tag>.html?attr=value…` here, in Node, the way a
 * server-rendering host would, and the page then hydrates it with `@lit-labs/ssr-client`, its
 * client configured for the sandbox tenant named by `base-url`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { build } from 'esbuild';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { SANDBOX_CREDENTIALS } from '../src/sandbox/seed-ids.js';
import { projectRoot } from './elements.js';
import { minifyTemplates } from './minify-templates.js';

const PREFIX = '/__server-rendered/';
const TAG = /^[a-z][a-z0-9]*-[a-z0-9-]+$/;
const ATTRIBUTE = /^[a-z][a-z-]*$/;

let defined: Promise<unknown> | undefined;

/**
 * Defines every element on Node from the sources with their templates minified, as the test server
 * serves them to the page: hydration compares the templates the server rendered with the page's.
 */
async function defineElements(): Promise<unknown> {
  const folder = join(projectRoot, 'node_modules', '.cache', 'server-rendered');
  await mkdir(folder, { recursive: true });
  const outfile = join(folder, 'elements.mjs');
  await build({
    stdin: {
      contents: "import './src/all.ts'; import './src/locales/de.ts';",
      resolveDir: projectRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outfile,
    logLevel: 'silent',
    // package.json's `sideEffects` names the built define modules, not these sources.
    ignoreAnnotations: true,
    plugins: [minifyTemplates()],
  });
  return import(`${pathToFileURL(outfile).href}?${Date.now()}`);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The page for `tag` with `attributes`, its element rendered into a declarative shadow root. */
export async function serverRenderedPage(tag: string, attributes: URLSearchParams): Promise<string> {
  defined ??= defineElements();
  await defined;
  const baseUrl = attributes.get('base-url') ?? '';
  const own = [...attributes]
    .filter(([name]) => name !== 'base-url' && ATTRIBUTE.test(name))
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  const element = unsafeStatic(tag);
  const rendered = await collectResult(render(staticHtml`<${element} ${unsafeStatic(own)}></${element}>`));
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /></head>
  <body>
    <script>
      // What the page said while it hydrated: Lit's warnings, errors, and failed updates.
      window.said = [];
      for (const level of ['warn', 'error']) {
        const original = console[level].bind(console);
        console[level] = (...args) => { window.said.push(level + ': ' + args.join(' ')); original(...args); };
      }
      window.addEventListener('error', (event) => window.said.push('error: ' + event.message));
      window.addEventListener('unhandledrejection', (event) =>
        window.said.push('unhandled: ' + (event.reason?.message ?? event.reason)),
      );
    </script>
    <main>${rendered}</main>
    <script type="module">
      import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
    </script>
    <script type="module">
      // The tests check the page with axe, which runs in the document it checks.
      import 'axe-core/axe.min.js';
    </script>
    <script type="module">
      import { configure } from '/src/api/index.ts';
      configure({ baseUrl: ${JSON.stringify(baseUrl)}, credentials: { apiKey: ${JSON.stringify(SANDBOX_CREDENTIALS.apiKey)} } });
      await import('/src/all.ts');
      window.hydrated = true;
    </script>
  </body>
</html>`;
}

/** The web-test-runner plugin serving those pages. */
export function serverRenderedPages(): {
  name: string;
  serve(context: { path: string; URL: URL }): Promise<{ body: string; type: string } | undefined>;
} {
  return {
    name: 'server-rendered-pages',
    async serve(context) {
      if (!context.path.startsWith(PREFIX)) return undefined;
      const tag = context.path.slice(PREFIX.length).replace(/\.html$/, '');
      if (!TAG.test(tag)) return undefined;
      return { body: await serverRenderedPage(tag, context.URL.searchParams), type: 'html' };
    },
  };
}
