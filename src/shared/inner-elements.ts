/**
 * How an element makes sure a tag it renders inside itself is registered, without importing the
 * module that registers it (a define module, the top layer): the define modules say how to load
 * the tags their element renders (`provideElement('product-editor', () => import('./product-editor.js'))`
 * in src/order-card.ts), and the element asks for a tag with `loadElement(tag)` before rendering it.
 */
import { OpsError } from '../api/errors.js';
import { onDemand } from '../api/load-on-demand.js';

const loads = new Map<string, () => Promise<unknown>>();

/**
 * Registers how to load the module that defines `tag`. The first registration of a tag stands: two
 * define modules that provide the same tag load the same module.
 */
export function provideElement(tag: string, load: () => Promise<unknown>): void {
  // The module's file is named after its tag in every build (`product-editor.js`), as `onDemand`
  // needs to load it again at a fresh URL after a failure.
  if (!loads.has(tag)) loads.set(tag, onDemand(tag, load));
}

/**
 * Resolves once `tag` is defined: at once when it is already (by this library or by the page),
 * else after the load registered with `provideElement`. A failed load rejects with the
 * `load_failed` `OpsError`, and the next call loads it again; a tag nothing provides rejects with
 * an `OpsError` that says so.
 */
export async function loadElement(
  tag: string,
  registry: CustomElementRegistry = customElements,
): Promise<void> {
  if (registry.get(tag)) return;
  const load = loads.get(tag);
  if (!load) {
    throw new OpsError(
      'unknown',
      `<${tag}> is not registered: import its define module (commerce-ops-elements/${tag}.js) or define the tag.`,
    );
  }
  await load();
  await registry.whenDefined(tag);
}
