import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type ApiProxyOptions } from '../../src/server/index.js';
import { call, proxyOverStub, type Reply } from './helpers/proxy.js';

/**
 * The proxy's second round of attacks: credentials as they come out of a secrets file, a key the
 * upstream echoes JSON-escaped, bodies that are not JSON, answers a shared cache could keep,
 * answers large enough to hold every other user up, and pages of any size.
 */

const API_KEY = 'server-api-key-5b7d19e4';
function makeProxy(overrides: Partial<ApiProxyOptions> = {}, reply?: Reply) {
  return proxyOverStub(
    {
      upstream: 'https://api.example',
      authorize: () => 'alice',
      apiKey: API_KEY,
      allowedOrigins: [],
      ...overrides,
    },
    reply,
  );
}

/** `text` with every letter and `/` written as a JSON escape, as some JSON encoders write them. */
function jsonEscaped(text: string): string {
  return text.replace(/[A-Za-z/]/g, (char) =>
    char === '/' ? '\\/' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`,
  );
}

describe('credentials are sent, and redacted, as they are', () => {
  test('a key with surrounding whitespace (a secrets file) is sent trimmed and redacted as sent', async () => {
    const { proxy, upstream } = makeProxy({ apiKey: `  ${API_KEY}\n` }, (request) => {
      const sent = request.headers.get('x-api-key') ?? '';
      return Response.json(
        { error: `Invalid API key ${sent}` },
        { status: 401, headers: { 'x-echo': sent } },
      );
    });
    const response = await call(proxy, '/orders');
    assert.equal(upstream.seen[0]?.headers['x-api-key'], API_KEY);
    assert.equal(response.headers.get('x-echo'), '[redacted]');
    const text = await response.text();
    assert.ok(!text.includes(API_KEY), text);
    assert.match(text, /Invalid API key \[redacted\]/);
  });

  test('a key JSON-escaped by the upstream is redacted from values, keys and headers', async () => {
    const escaped = jsonEscaped(API_KEY);
    const { proxy } = makeProxy(
      {},
      () =>
        new Response(
          `{"message":"bad key ${escaped}","${escaped}":"as a key","mixed":"${API_KEY.slice(0, 4)}${escaped.slice(24)}"}`,
          {
            status: 401,
            headers: { 'content-type': 'application/json', 'x-debug': `{"key":"${escaped}"}` },
          },
        ),
    );
    const response = await call(proxy, '/orders');
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('x-debug'), '{"key":"[redacted]"}');
    const text = await response.text();
    const decoded = JSON.stringify(JSON.parse(text));
    for (const form of [text, decoded]) {
      assert.ok(!form.includes(API_KEY), form);
      assert.ok(!form.includes(escaped), form);
    }
    assert.deepEqual(JSON.parse(text), {
      message: 'bad key [redacted]',
      '[redacted]': 'as a key',
      mixed: '[redacted]',
    });
  });

  for (const [name, value] of [
    ['apiKey', `${API_KEY}\r\nx-injected: 1`],
    ['apiKey', `${API_KEY}\nmore`],
    ['appToken', `tok\u0000en-abcdef`],
  ] as const) {
    test(`${name} with a line break or control character inside is a TypeError that does not repeat it`, () => {
      assert.throws(
        () => makeProxy({ [name]: value }),
        (error: unknown) =>
          error instanceof TypeError &&
          error.message.includes(name) &&
          /line break/.test(error.message) &&
          !error.message.includes(API_KEY) &&
          !error.message.includes('en-abcdef'),
      );
    });
  }

  test('a credential from getCredential that no header can carry is a 500 that never names it', async () => {
    const errors: unknown[] = [];
    const { proxy, upstream } = makeProxy({
      getCredential: () => ({ bearer: 'user-token-77\r\nx-evil: 1' }),
      onError: (error) => errors.push(error),
    });
    const response = await call(proxy, '/orders');
    assert.equal(response.status, 500);
    assert.equal(upstream.seen.length, 0);
    assert.equal(errors.length, 1);
    const reported = JSON.stringify(errors[0], Object.getOwnPropertyNames(errors[0])) + String(errors[0]);
    assert.ok(!reported.includes('user-token-77'), reported);
    assert.ok(!(await response.text()).includes('user-token-77'));
  });

  test('a bearer from getCredential with surrounding whitespace is sent trimmed', async () => {
    const { proxy, upstream } = makeProxy({ getCredential: () => ({ bearer: ' user-token-88 \n' }) });
    assert.equal((await call(proxy, '/orders')).status, 200);
    assert.equal(upstream.seen[0]?.headers['authorization'], 'Bearer user-token-88');
  });
});

describe('only JSON request bodies go upstream', () => {
  test('a form body (_method=DELETE) is 415 and nothing is sent', async () => {
    const { proxy, upstream } = makeProxy();
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', '_method=DELETE'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="_method"\r\n\r\nDELETE\r\n--x--',
      ],
      ['text/plain', '{"note":"x"}'],
    ] as const) {
      const response = await call(proxy, '/orders/1/allocations', {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      assert.equal(response.status, 415, type);
      assert.equal(((await response.json()) as { error: string }).error, 'unsupported_media_type');
    }
    // A body sent with no type at all is refused too.
    const untyped = await call(proxy, '/orders/1/allocations', {
      method: 'POST',
      body: new Blob(['_method=DELETE']),
    });
    assert.equal(untyped.status, 415);
    assert.equal(upstream.seen.length, 0);
  });

  test('a JSON type over a body that is not JSON is 400; JSON and JSON:API bodies pass', async () => {
    const { proxy, upstream } = makeProxy();
    const bad = await call(proxy, '/orders/1/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '_method=DELETE',
    });
    assert.equal(bad.status, 400);
    assert.equal(upstream.seen.length, 0);
    const json = await call(proxy, '/orders/1/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"note":{"text":"hi"}}',
    });
    assert.equal(json.status, 200);
    const jsonApi = await call(proxy, '/api/v2/channel_sellables', {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: '{"data":{}}',
    });
    assert.equal(jsonApi.status, 200);
    const empty = await call(proxy, '/orders/1/notes', { method: 'POST' });
    assert.equal(empty.status, 200);
    assert.equal(upstream.seen.length, 3);
  });
});

describe('answers are private', () => {
  test('Cache-Control: private, no-store on every answer, whatever the upstream said', async () => {
    const { proxy } = makeProxy({}, (request) =>
      new URL(request.url).pathname === '/tags'
        ? Response.json([], { headers: { 'cache-control': 'public, max-age=86400' } })
        : new Response(null, { status: 204, headers: { 'cache-control': 'public, s-maxage=600' } }),
    );
    for (const response of [
      await call(proxy, '/tags'),
      await call(proxy, '/orders/1/allocations/2', { method: 'DELETE' }),
      await call(proxy, '/nope'),
    ]) {
      assert.equal(response.headers.get('cache-control'), 'private, no-store', response.url);
    }
  });
});

describe('large answers and large pages', () => {
  test('list requests ask for at most 100 items a page', async () => {
    const { proxy, upstream } = makeProxy();
    await call(proxy, '/orders?page=2&page_size=100000');
    await call(proxy, '/channels?per_page=5000&page_size=7');
    await call(proxy, '/api/v2/shipping_configs?page[size]=1000&page[number]=1');
    await call(proxy, '/orders?page_size=1&page_size=99999');
    await call(proxy, '/orders?page_size=-5');
    await call(proxy, '/orders?page_size=50&status=shipped');
    assert.deepEqual(
      upstream.seen.map((seen) => decodeURIComponent(new URL(seen.url).search)),
      [
        '?page=2&page_size=100',
        '?per_page=100&page_size=7',
        '?page[size]=100&page[number]=1',
        '?page_size=100',
        '?',
        '?page_size=50&status=shipped',
      ].map((search) => (search === '?' ? '' : search)),
    );
  });

  test('an upstream that sends headers and then stalls is cut off by the timeout (504)', async () => {
    const { proxy } = makeProxy(
      { timeoutMs: 200 },
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('[{"id":1},'));
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    const started = performance.now();
    const response = await call(proxy, '/orders');
    assert.equal(response.status, 504);
    assert.ok(performance.now() - started < 2_000);
  });

  test('the default response limit is 8 MiB', async () => {
    const size = (bytes: number) => JSON.stringify({ data: 'x'.repeat(bytes - 11) });
    const { proxy } = makeProxy({}, (request) =>
      Response.json(
        JSON.parse(size(new URL(request.url).pathname === '/tags' ? 9 * 1024 * 1024 : 7 * 1024 * 1024)),
      ),
    );
    assert.equal((await call(proxy, '/tags')).status, 502);
    const fits = await call(proxy, '/orders');
    assert.equal(fits.status, 200);
    assert.equal((await fits.text()).length, 7 * 1024 * 1024);
  });

  test('scrubbing a large answer does not hold the event loop up', async () => {
    // About 7.5 MiB of orders, each with a secret field and the key echoed in a note.
    const orders = Array.from({ length: 23_000 }, (_, index) => ({
      id: index,
      number: `#${index}`,
      customer: { email: `c${index}@example.com`, api_key: 'user-key', tags: ['a', 'b', 'c'] },
      line_items: [
        { sku: `SKU-${index}`, quantity: 1, price: '9.99', title: 'A product with a fairly long title' },
        { sku: `SKU-${index}-2`, quantity: 2, price: '19.99', title: 'Another product' },
      ],
      note: index % 1000 === 0 ? `sent with ${API_KEY}` : 'nothing to see',
    }));
    const text = JSON.stringify(orders);
    assert.ok(text.length > 7 * 1024 * 1024 && text.length < 8 * 1024 * 1024, String(text.length));
    const { proxy } = makeProxy(
      {},
      () => new Response(text, { headers: { 'content-type': 'application/json' } }),
    );
    // A ticker that runs whenever the loop is free: its longest gap is the longest stall. The
    // machine may be busy, so the stall is compared with the whole request, not a fixed time.
    let last = performance.now();
    let worstMs = 0;
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      const now = performance.now();
      worstMs = Math.max(worstMs, now - last);
      last = now;
      ticks += 1;
      if (ticking) setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
    const started = performance.now();
    const response = await call(proxy, '/orders');
    const body = await response.text();
    await new Promise((resolve) => setTimeout(resolve, 5));
    ticking = false;
    const totalMs = performance.now() - started;
    assert.equal(response.status, 200);
    assert.ok(!body.includes(API_KEY));
    assert.ok(!body.includes('user-key'));
    assert.equal((JSON.parse(body) as unknown[]).length, orders.length);
    const verdict = `longest stall ${Math.round(worstMs)} ms of ${Math.round(totalMs)} ms, ${ticks} turns`;
    assert.ok(ticks >= 20, verdict);
    assert.ok(worstMs < totalMs / 4, verdict);
  });
});
