// Run with plain Node inside the project that installed the packed package beside @lit-labs/ssr:
// every element of the manifest renders on the server, from the package's own `exports`, into a
// declarative shadow root, with no request sent.
import assert from 'node:assert/strict';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import manifest from 'commerce-ops-elements/custom-elements.json' with { type: 'json' };

const sent = [];
globalThis.fetch = (input) => {
  sent.push(String(input));
  return Promise.reject(new Error('No request may be sent while rendering on the server'));
};
await import('commerce-ops-elements/all.js');
await import('commerce-ops-elements/locales/de.js');

const tags = manifest.modules
  .flatMap((module) => module.declarations ?? [])
  .filter((declaration) => declaration.customElement && declaration.tagName)
  .map((declaration) => declaration.tagName);
assert.ok(tags.length > 0, 'the manifest lists the elements');

for (const tag of tags) {
  const element = unsafeStatic(tag);
  const rendered = await collectResult(render(staticHtml`<${element} lang="de"></${element}>`));
  const markup = rendered.replace(/<!--[\s\S]*?-->/g, '');
  assert.match(
    markup,
    new RegExp(`^<${tag}[^>]*><template shadowroot="open" shadowrootmode="open">`),
    `${tag} renders into a declarative shadow root`,
  );
  assert.doesNotMatch(markup, /<template[^>]*>\s*<\/template>/, `${tag} renders something`);
}
await new Promise((resolve) => setTimeout(resolve, 50));
assert.deepEqual(sent, [], 'no request was sent');
console.log(`${tags.length} elements render with @lit-labs/ssr in Node ${process.version}`);
