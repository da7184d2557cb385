// Bundled with esbuild from the installed package, as an app would. Records what each import
// registered in `window.packCheck` for the check to read.
import * as lib from 'commerce-ops-elements';
import fixtures from './elements.json';

const tags = Object.keys(fixtures);
const defined = () => tags.filter((tag) => customElements.get(tag) !== undefined);
const result = { exports: Object.keys(lib).sort(), definedAfterIndex: defined() };

// A host registers a class under a name of its own.
customElements.define('acme-order-card', class extends lib.OrderCard {});

await import('commerce-ops-elements/order-card.js');
result.definedAfterOrderCard = defined();
await import('commerce-ops-elements/all.js');
result.definedAfterAll = defined();

lib.configure({ baseUrl: '/api/esm' });
const root = document.getElementById('root');
for (const [tag, { attributes }] of Object.entries(fixtures)) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  root.append(element);
}
const renamed = document.createElement('acme-order-card');
renamed.setAttribute('order-id', fixtures['order-card'].attributes['order-id']);
root.append(renamed);

// A second copy of the library on the page (the browser build) must not throw.
await new Promise((resolve, reject) => {
  const script = document.createElement('script');
  script.src = '/node_modules/commerce-ops-elements/dist/commerce-ops-elements.js';
  script.onload = resolve;
  script.onerror = () => reject(new Error('browser build failed to load'));
  document.head.append(script);
});
result.globalKeys = Object.keys(window.CommerceOps).sort();
window.packCheck = result;
