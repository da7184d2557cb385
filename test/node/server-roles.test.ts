import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createApiProxy, type ApiProxyOptions } from '../../src/server/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { SANDBOX_CREDENTIALS, SEED_IDS } from '../../src/sandbox/seed-ids.js';

/**
 * Roles: `authorize` answers `{ id, allow }`, and an operation outside `allow` is 403 with
 * nothing sent upstream; `GET <basePath>/session` tells the page what the caller may do.
 * Against the real sandbox, which logs every request it served.
 */

const STAFF = { id: 'staff-1', allow: ['read', 'allocate'] } as const;

function setup(overrides: Partial<ApiProxyOptions> = {}) {
  const sandbox = createSandbox();
  const proxy = createApiProxy({
    upstream: 'http://sandbox.test',
    authorize: (request) => {
      const user = request.headers.get('x-user');
      if (user === 'staff') return STAFF;
      if (user === 'owner') return 'owner-1';
      return null;
    },
    apiKey: SANDBOX_CREDENTIALS.apiKey,
    allowedOrigins: [],
    basePath: '/ops',
    fetch: (input, init) => sandbox.fetch(new Request(input, init)),
    ...overrides,
  });
  const call = (user: string, method: string, path: string, body?: unknown) =>
    proxy(
      new Request(`http://shop.test/ops${path}`, {
        method,
        headers: { 'x-user': user, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  return { sandbox, call };
}

describe('roles', () => {
  test('an operation outside allow is 403 forbidden, naming it, and the API never sees it', async () => {
    const { sandbox, call } = setup();
    const order = SEED_IDS.orders.unallocated;
    const refused: [string, string, unknown][] = [
      ['POST', '/shipping/api/v1/shipments', { shipments: [] }],
      ['POST', '/shipments', { shipment: {} }],
      ['POST', '/shipping/api/v1/rates', {}],
      ['POST', `/orders/${order}/notes`, { note: { text: 'hi' } }],
      ['PUT', '/customers/1', { customer: {} }],
      ['POST', '/channels', { channel: {} }],
    ];
    for (const [method, path, body] of refused) {
      const response = await call('staff', method, path, body);
      assert.equal(response.status, 403, `${method} ${path}`);
      const answer = (await response.json()) as { error: string; message: string };
      assert.equal(answer.error, 'forbidden');
      assert.match(answer.message, /may not/);
    }
    const buy = (await (await call('staff', 'POST', '/shipping/api/v1/shipments', {})).json()) as {
      message: string;
    };
    assert.match(buy.message, /buy labels/);
    assert.deepEqual(sandbox.requests(), []);

    // What the role allows goes through.
    assert.equal((await call('staff', 'GET', `/orders/${order}`)).status, 200);
    assert.equal(sandbox.requests().length, 1);
  });

  test('a plain identity (a string) may use every operation', async () => {
    const { sandbox, call } = setup();
    const response = await call('owner', 'POST', `/orders/${SEED_IDS.orders.unallocated}/notes`, {
      note: { text: 'hi' },
    });
    assert.notEqual(response.status, 403);
    assert.equal(sandbox.requests().length, 1);
  });

  test('a custom allow list: an operation given wins, a POST no operation names is refused to a role', async () => {
    const { sandbox, call } = setup({
      allow: [
        { method: 'GET', path: '/orders/:id' },
        { method: 'POST', path: '/orders/:id/notes', operation: 'allocate' },
        { method: 'POST', path: '/orders/:id/allocations', operation: 'allocate' },
        { method: 'PUT', path: '/kits/:kid(token)/kit_contents/:cid(token)', operation: 'read' },
        { method: 'POST', path: '/channels/:id' },
      ],
    });
    const order = SEED_IDS.orders.unallocated;
    // The host said notes need "allocate" here; the default table is only the default.
    assert.notEqual(
      (await call('staff', 'POST', `/orders/${order}/notes`, { note: { text: 'x' } })).status,
      403,
    );
    assert.equal((await call('staff', 'POST', '/channels/1', {})).status, 403);
    assert.equal((await call('owner', 'POST', '/channels/1', {})).status, 404);
    assert.equal(sandbox.requests().filter((entry) => entry.path === '/channels/1').length, 1);
  });

  test('GET <basePath>/session answers who the caller is and what they may do', async () => {
    const { sandbox, call } = setup();
    const staff = await call('staff', 'GET', '/session');
    assert.equal(staff.status, 200);
    assert.equal(staff.headers.get('cache-control'), 'private, no-store');
    assert.deepEqual(await staff.json(), {
      id: 'staff-1',
      allow: ['read', 'allocate'],
      limits: {},
      spentToday: { labels: 0, amount: 0, currency: null, amounts: {} },
    });
    const owner = (await (await call('owner', 'GET', '/session')).json()) as { allow: string[] };
    // Every operation, printing too.
    assert.equal(owner.allow.length, 12);
    assert.ok(owner.allow.includes('print'));
    assert.equal((await call('nobody', 'GET', '/session')).status, 401);
    assert.deepEqual(sandbox.requests(), []);
  });

  test('a booking that cannot be counted against a limit is 400, with nothing sent upstream', async () => {
    const { sandbox, call } = setup({
      authorize: () => ({ id: 'clerk', limits: { labelsPerDay: 5 } }),
    });
    const response = await call('any', 'POST', '/shipping/api/v1/shipments', { shipments: [] });
    assert.equal(response.status, 400);
    assert.match(((await response.json()) as { message: string }).message, /rate_id/);
    assert.deepEqual(sandbox.requests(), []);
  });
});
