import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSandbox } from '../../src/sandbox/index.js';
import { NAMED_ORDER_COUNT, ORDER_HISTORY_COUNT } from '../../src/sandbox/seed-ids.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import type { SandboxQuirks } from '../../src/sandbox/state.js';

const TOTAL_ORDERS = NAMED_ORDER_COUNT + ORDER_HISTORY_COUNT;

async function list(sandbox: Sandbox, path: string): Promise<{ headers: Headers; body: unknown }> {
  const response = await sandbox.fetch(
    new Request(`http://sandbox.test${path}`, {
      headers: { 'x-api-key': 'sandbox-api-key', accept: 'application/vnd.api+json' },
    }),
  );
  assert.equal(response.status, 200);
  return { headers: response.headers, body: await response.json() };
}

const quirksOn = (quirks: Partial<SandboxQuirks>) => createSandbox({ quirks });

describe('sandbox quirk noTotalPagesCount', () => {
  it('leaves X-Total-Pages-Count out of the order and store lists, keeping the other totals and the page', async () => {
    const plain = await list(createSandbox(), '/orders?page=2&page_size=25');
    const sandbox = quirksOn({ noTotalPagesCount: true });
    const orders = await list(sandbox, '/orders?page=2&page_size=25');
    assert.equal(plain.headers.get('X-Total-Pages-Count'), String(Math.ceil(TOTAL_ORDERS / 25)));
    assert.equal(orders.headers.get('X-Total-Pages-Count'), null);
    assert.equal(orders.headers.get('X-Total-Count'), String(TOTAL_ORDERS));
    assert.equal(orders.headers.get('X-Page-Index'), '2');
    assert.equal(orders.headers.get('X-Per-Page'), '25');
    assert.deepEqual(orders.body, plain.body, 'the same orders, only the header differs');

    const stores = await list(sandbox, '/channels');
    assert.equal(stores.headers.get('X-Total-Pages-Count'), null);
    assert.match(stores.headers.get('X-Total-Count') ?? '', /^\d+$/);
  });

  it('leaves total_pages out of the listings’ meta.page, keeping the page, its size and the total', async () => {
    type Listings = { data: unknown[]; meta: { page: Record<string, string> } };
    const path = '/api/v2/channel_sellables?page[number]=2&page[size]=1';
    const plain = (await list(createSandbox(), path)).body as Listings;
    const sandbox = quirksOn({ noTotalPagesCount: true });
    const listings = (await list(sandbox, path)).body as Listings;
    assert.match(plain.meta.page['total_pages'] ?? '', /^\d+$/);
    assert.equal('total_pages' in listings.meta.page, false);
    assert.deepEqual(listings.meta.page, {
      current: '2',
      size: '1',
      total_count: plain.meta.page['total_count'],
    });
    assert.deepEqual(listings.data, plain.data, 'the same listings, only the page count differs');

    // Only the listings' meta.page: the shipping configurations keep their page count.
    const configs = (await list(sandbox, '/api/v2/shipping_configs')).body as {
      meta: Record<string, unknown>;
    };
    assert.equal(typeof configs.meta['total_pages'], 'number');
  });

  it('mixes with the other quirks', async () => {
    const sandbox = quirksOn({ noTotalPagesCount: true, stringIds: true });
    const listings = (await list(sandbox, '/api/v2/channel_sellables')).body as {
      data: { id: unknown }[];
      meta: { page: Record<string, string> };
    };
    assert.equal('total_pages' in listings.meta.page, false);
    assert.match(listings.meta.page['total_count'] ?? '', /^\d+$/);
    assert.equal(typeof listings.data[0]!.id, 'string');
    const orders = await list(sandbox, '/orders?page_size=5');
    assert.equal(orders.headers.get('X-Total-Pages-Count'), null);
    assert.equal(typeof (orders.body as { id: unknown }[])[0]!.id, 'string');
  });
});
