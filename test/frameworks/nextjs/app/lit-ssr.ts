// Server only: Lit's server renderer, with the elements it renders defined on Node.
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import 'commerce-ops-elements/order-card.js';
import 'commerce-ops-elements/ship-order.js';

export type Attributes = Record<string, string>;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * `<tag attributes…>` rendered by Lit on the server: the element with its first state in a
 * declarative shadow root, as HTML to place in the page.
 */
export function renderElement(tag: string, attributes: Attributes): Promise<string> {
  const own = Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  const element = unsafeStatic(tag);
  return collectResult(render(staticHtml`<${element} ${unsafeStatic(own)}></${element}>`));
}

/**
 * Only the declarative shadow root of `<tag attributes…>` rendered on the server, for an element
 * that React renders itself (a wrapper from `commerce-ops-elements/react`) and that holds it as
 * its inner HTML.
 */
export async function renderShadowRoot(tag: string, attributes: Attributes): Promise<string> {
  const rendered = await renderElement(tag, attributes);
  const start = rendered.indexOf('<template shadowroot="open"');
  const end = rendered.lastIndexOf(`</${tag}>`);
  if (start < 0 || end < start) throw new Error(`<${tag}> rendered no declarative shadow root`);
  return rendered.slice(start, end);
}
