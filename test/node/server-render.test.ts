/**
 * Every element renders under Lit's server renderer (`@lit-labs/ssr`), as a Next.js, Astro or
 * Eleventy host renders it: into a declarative shadow root, in its first state (loading, or empty
 * without an id), in the locale of its own `lang` or of the element whose shadow root holds it,
 * else English; touching no browser global and sending no request while it renders.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { findElements } from '../../scripts/elements.js';

/** What a server has not got, and a browser has: none may be read while an element renders. */
const BROWSER_GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'MutationObserver',
  'ResizeObserver',
  'IntersectionObserver',
  'matchMedia',
  'requestAnimationFrame',
  'getComputedStyle',
] as const;

const touched: string[] = [];
const sent: string[] = [];
let rendering = false;

for (const name of BROWSER_GLOBALS) {
  const own = Object.getOwnPropertyDescriptor(globalThis, name);
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      if (rendering) touched.push(name);
      return own?.get ? own.get.call(globalThis) : own?.value;
    },
  });
}
globalThis.fetch = ((input: RequestInfo | URL) => {
  sent.push(String(input instanceof Request ? input.url : input));
  return Promise.reject(new Error('No request may be sent while rendering on the server'));
}) as typeof fetch;

const tags = findElements().map((element) => element.tag);

async function renderToString(markup: ReturnType<typeof staticHtml>): Promise<string> {
  touched.length = 0;
  sent.length = 0;
  rendering = true;
  try {
    return await collectResult(render(markup));
  } finally {
    rendering = false;
  }
}

/** The words a person would read in the rendered HTML: no styles, comments or tags. */
function wordsOf(rendered: string): string {
  return rendered
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first state each element shows on the server: loading what its id names, or asking for one. */
const FIRST_STATE: Record<string, { attributes: string; en: RegExp; de: RegExp }> = {
  'order-card': { attributes: 'order-id="13359601"', en: /Loading order/, de: /Bestellung wird geladen/ },
  'allocation-form': {
    attributes: 'order-id="13359601"',
    en: /Loading order/,
    de: /Bestellung wird geladen/,
  },
  'rate-picker': { attributes: 'order-id="13359601"', en: /Loading order/, de: /Bestellung wird geladen/ },
  'label-downloader': { attributes: '', en: /Shipping label/, de: /Versandetikett/ },
  'listing-linker': { attributes: '', en: /Loading stores/, de: /Shops werden geladen/ },
  'connect-account': { attributes: '', en: /Connect account/, de: /Konto verbinden/ },
  'product-editor': { attributes: '', en: /Choose a product/, de: /Wählen Sie ein Produkt/ },
  'ship-order': { attributes: 'order-id="13359601"', en: /Loading order/, de: /Bestellung wird geladen/ },
  'order-list': { attributes: '', en: /Orders/, de: /Bestellungen/ },
  'pack-check': {
    attributes: 'order-id="13359601"',
    en: /Loading the order/,
    de: /Die Bestellung wird geladen/,
  },
  'pick-list': {
    attributes: '',
    en: /Pick list Choose orders to pick/,
    de: /Pickliste Wählen Sie Bestellungen/,
  },
  'label-batch': {
    attributes: '',
    en: /Labels for several orders/,
    de: /Etiketten für mehrere Bestellungen/,
  },
};

describe('server rendering with @lit-labs/ssr', () => {
  before(async () => {
    await import('../../src/all.js');
    await import('../../src/locales/de.js');
  });

  test('every element of the package has a first state here', () => {
    assert.deepEqual(Object.keys(FIRST_STATE).sort(), [...tags].sort());
  });

  for (const tag of tags) {
    test(`${tag}: a declarative shadow root with its first state, no browser global, no request`, async () => {
      const state = FIRST_STATE[tag];
      assert.ok(state, `no first state for ${tag}`);
      const element = unsafeStatic(tag);
      const attributes = unsafeStatic(state.attributes);
      const rendered = await renderToString(staticHtml`<${element} ${attributes}></${element}>`);
      assert.match(
        rendered.replace(/<!--[\s\S]*?-->/g, ''),
        new RegExp(`^<${tag}[^>]*><template shadowroot="open" shadowrootmode="open">`),
      );
      assert.match(wordsOf(rendered), state.en);
      assert.deepEqual(touched, [], 'browser globals read while rendering');
      assert.deepEqual(sent, [], 'requests sent while rendering');
      // An answer that would come later finds no request to come from.
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.deepEqual(sent, [], 'requests sent after rendering');

      const german = await renderToString(staticHtml`<${element} ${attributes} lang="de"></${element}>`);
      assert.match(wordsOf(german), state.de, 'its own lang');
      assert.deepEqual(touched, []);
    });
  }

  test('an inner element speaks the language of the element that holds it', async () => {
    const rendered = await renderToString(
      staticHtml`<ship-order order-id="13359601" lang="de"></ship-order>`,
    );
    const inner = /<order-card[^>]*>([\s\S]*?)<\/order-card>/.exec(rendered);
    assert.ok(inner, 'ship-order renders its order-card');
    assert.match(wordsOf(inner[1]!), /Bestellung wird geladen/);
    assert.doesNotMatch(wordsOf(rendered), /Loading/);
  });
});
