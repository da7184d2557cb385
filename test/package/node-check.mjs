// Run with plain Node inside the project that installed the packed package: the Node entry
// points load through the package's `exports` with only its declared dependencies.
import assert from 'node:assert/strict';
import { createApiProxy, createTokenExchangeHandler, serveNode } from 'commerce-ops-elements/server';
import {
  createSandbox,
  createSandboxHost,
  SANDBOX_CREDENTIALS,
  SEED_IDS,
} from 'commerce-ops-elements/sandbox';
import manifest from 'commerce-ops-elements/custom-elements.json' with { type: 'json' };
import pkg from 'commerce-ops-elements/package.json' with { type: 'json' };

const expectedTags = process.argv.slice(2);

for (const fn of [createApiProxy, createTokenExchangeHandler, serveNode, createSandbox, createSandboxHost]) {
  assert.equal(typeof fn, 'function');
}

// The sandbox answers, and the proxy forwards to it with the credential added, for signed-in callers only.
assert.throws(() => createApiProxy({ upstream: 'http://sandbox.test', allowedOrigins: [] }), TypeError);
const sandbox = createSandbox();
const proxy = createApiProxy({
  upstream: 'http://sandbox.test',
  authorize: (request) => (request.headers.get('cookie') === 'session=seller-1' ? 'seller-1' : null),
  apiKey: SANDBOX_CREDENTIALS.apiKey,
  allowedOrigins: ['http://app.test'],
  fetch: (input, init) => sandbox.fetch(new Request(input, init)),
});
const anonymous = await proxy(new Request(`http://app.test/orders/${SEED_IDS.orders.unallocated}`));
assert.equal(anonymous.status, 401);
const response = await proxy(
  new Request(`http://app.test/orders/${SEED_IDS.orders.unallocated}`, {
    headers: { origin: 'http://app.test', cookie: 'session=seller-1' },
  }),
);
assert.equal(response.status, 200, await response.clone().text());
const order = await response.json();
assert.equal(order.id, SEED_IDS.orders.unallocated);
assert.equal(response.headers.get('access-control-allow-origin'), 'http://app.test');

const tags = manifest.modules
  .flatMap((module) => module.declarations ?? [])
  .filter((declaration) => declaration.customElement && declaration.tagName)
  .map((declaration) => declaration.tagName)
  .sort();
assert.deepEqual(tags, [...expectedTags].sort(), 'custom-elements.json lists every element');
assert.equal(pkg.name, 'commerce-ops-elements');

console.log(`server, sandbox, custom-elements.json and package.json load in Node ${process.version}`);
