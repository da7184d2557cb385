import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createApiProxy, type ApiProxyOptions } from '../../src/server/index.js';
import { PROXY, callWithJson as call, proxyOverStub, stubUpstream } from './helpers/proxy.js';

const ORIGIN = 'https://shop.example';

function makeProxy(overrides: Partial<ApiProxyOptions> = {}) {
  return proxyOverStub({
    upstream: 'https://api.example/v0',
    authorize: () => 'user-1',
    apiKey: 'server-api-key',
    allowedOrigins: [ORIGIN],
    ...overrides,
  });
}

describe('API proxy allowlist', () => {
  test('forwards every endpoint of the spec to the upstream, under its base path', async () => {
    const { proxy, upstream } = makeProxy({ appToken: 'server-app-token' });
    const allowed: [string, string][] = [
      ['GET', '/orders'],
      ['GET', '/orders/12'],
      ['POST', '/orders/12/notes'],
      ['POST', '/orders/12/allocations'],
      ['DELETE', '/orders/12/allocations/7'],
      ['GET', '/channels'],
      ['POST', '/channels'],
      ['GET', '/api/v2/channel_sellables'],
      ['POST', '/api/v2/channel_sellables'],
      ['PUT', '/customers/3'],
      ['PUT', '/delivery_methods/4'],
      ['PUT', '/sellables/5/warehouses/6/stock_entry'],
      ['PUT', '/products/8'],
      ['PUT', '/products/8/product_property_specifics/9'],
      ['PUT', '/kits/10/kit_contents/11'],
      ['GET', '/tags'],
      ['GET', '/tags/2'],
      ['GET', '/current_user'],
      ['POST', '/shipping/api/v1/rates'],
      ['POST', '/shipping/api/v1/shipments'],
      ['GET', '/api/v2/shipping_configs'],
      ['POST', '/shipments'],
    ];
    for (const [method, path] of allowed) {
      const hasBody = method === 'POST' || method === 'PUT';
      const response = await call(proxy, path, {
        method,
        ...(hasBody ? { body: '{"a":1}', headers: { 'content-type': 'application/json' } } : {}),
      });
      assert.equal(response.status, 200, `${method} ${path}`);
    }
    assert.deepEqual(
      upstream.seen.map((r) => `${r.method} ${r.url}`),
      allowed.map(([method, path]) => `${method} https://api.example/v0${path}`),
    );
    assert.equal(upstream.seen.find((r) => r.url.endsWith('/orders/12/notes'))?.body, '{"a":1}');
  });

  test('refuses unknown paths (404) and undocumented methods (405) without calling upstream', async () => {
    const { proxy, upstream } = makeProxy();
    const refused: [string, string, number][] = [
      ['GET', '/admin', 404],
      ['GET', '/', 404],
      ['GET', '/oauth/token', 404],
      ['POST', '/oauth/token', 404],
      ['GET', '/orders/abc', 404],
      ['GET', '/orders/-1', 404],
      ['GET', '/orders/1.5', 404],
      ['GET', '/orders/12/', 404],
      ['GET', '/orders/12/notes/extra', 404],
      ['GET', '/Orders/12', 404],
      ['DELETE', '/orders', 405],
      ['PATCH', '/orders/1', 405],
      ['GET', '/orders/1/notes', 405],
      ['PUT', '/tags/1', 405],
      ['HEAD', '/orders', 405],
    ];
    for (const [method, path, status] of refused) {
      const response = await call(proxy, path, { method });
      assert.equal(response.status, status, `${method} ${path}`);
      if (method !== 'HEAD') {
        const body = (await response.json()) as { error: string };
        assert.equal(typeof body.error, 'string');
      }
    }
    const notAllowed = await call(proxy, '/orders/1', { method: 'PATCH' });
    assert.equal(notAllowed.headers.get('allow'), 'GET');
    assert.equal(upstream.seen.length, 0);
  });

  test('passes query strings only to GET list endpoints', async () => {
    const { proxy, upstream } = makeProxy();
    await call(proxy, '/orders?page=2&page_size=50');
    await call(proxy, '/api/v2/shipping_configs?page[number]=2&filter[enabled]=true');
    await call(proxy, '/orders/5?include=secret');
    await call(proxy, '/orders/5/notes?x=1', { method: 'POST', body: '{}' });
    assert.deepEqual(
      upstream.seen.map((r) => r.url),
      [
        'https://api.example/v0/orders?page=2&page_size=50',
        'https://api.example/v0/api/v2/shipping_configs?page[number]=2&filter[enabled]=true',
        'https://api.example/v0/orders/5',
        'https://api.example/v0/orders/5/notes',
      ],
    );
  });

  test('honours basePath and a custom allowlist', async () => {
    const { proxy, upstream } = makeProxy({
      basePath: '/ops',
      allow: [{ method: 'GET', path: '/tags', query: true }],
    });
    assert.equal((await call(proxy, '/ops/tags')).status, 200);
    assert.equal((await call(proxy, '/tags')).status, 404);
    assert.equal((await call(proxy, '/opsx/tags')).status, 404);
    assert.equal((await call(proxy, '/ops/orders/1')).status, 404);
    assert.deepEqual(
      upstream.seen.map((r) => r.url),
      ['https://api.example/v0/tags'],
    );
  });
});

describe('API proxy path hardening', () => {
  const attempts = [
    '/orders/../admin',
    '/orders/%2e%2e/x',
    '/orders/1%2Fallocations',
    '/orders/1%2fallocations',
    '//evil.test/orders',
    '/orders/1\\x',
    '/orders\\..\\admin',
    '/http://evil.test/orders',
    '/orders//1',
    '/orders/1%00',
    '/orders/%31',
    '/orders/1;x=1',
    '/orders/1/allocations/%2e',
  ];
  for (const attempt of attempts) {
    test(`refuses ${attempt}`, async () => {
      const { proxy, upstream } = makeProxy();
      const response = await call(proxy, attempt);
      assert.equal(response.status, 404);
      assert.equal(upstream.seen.length, 0);
    });
  }

  test('dot segments a URL parser already resolved can only reach the endpoint they resolve to', async () => {
    // `new Request` normalises these before the handler sees them; the Node adapter refuses
    // the raw forms outright (server-node.test.ts).
    const { proxy, upstream } = makeProxy();
    assert.equal((await call(proxy, '/orders/%2E%2E/orders/1')).status, 200);
    assert.equal((await call(proxy, '/./tags')).status, 200);
    assert.deepEqual(
      upstream.seen.map((r) => r.url),
      ['https://api.example/v0/orders/1', 'https://api.example/v0/tags'],
    );
  });

  test('an absolute URL as the request target never changes the upstream host', async () => {
    const { proxy, upstream } = makeProxy();
    await proxy(new Request('http://evil.test/orders'));
    assert.ok(upstream.seen.every((r) => r.url.startsWith('https://api.example/v0/')));
  });
});

describe('API proxy CORS', () => {
  test('answers a preflight from a configured origin with exact headers', async () => {
    const { proxy, upstream } = makeProxy();
    const response = await call(proxy, '/orders/1/notes', {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), ORIGIN);
    assert.match(response.headers.get('vary') ?? '', /\bOrigin\b/);
    assert.match(response.headers.get('access-control-allow-methods') ?? '', /\bPOST\b/);
    assert.match(response.headers.get('access-control-allow-headers') ?? '', /content-type/);
    assert.doesNotMatch(
      response.headers.get('access-control-allow-headers') ?? '',
      /x-api-key|authorization/i,
    );
    assert.equal(
      response.headers.get('access-control-expose-headers'),
      'X-Total-Count, X-Total-Pages-Count, X-Page-Index, X-Per-Page',
    );
    assert.equal(response.headers.get('access-control-allow-credentials'), null);
    assert.equal(upstream.seen.length, 0);
  });

  test('answers a preflight for its own GET /session, and for no other method there', async () => {
    const { proxy, upstream } = makeProxy();
    const preflight = (method: string) =>
      call(proxy, '/session', {
        method: 'OPTIONS',
        headers: { origin: ORIGIN, 'access-control-request-method': method },
      });
    const allowed = await preflight('GET');
    assert.equal(allowed.status, 204);
    assert.equal(allowed.headers.get('access-control-allow-methods'), 'GET');
    assert.equal(allowed.headers.get('access-control-allow-origin'), ORIGIN);
    assert.equal((await preflight('POST')).status, 404);
    assert.equal(upstream.seen.length, 0);
  });

  test('refuses a preflight from any other origin, and for paths off the list', async () => {
    const { proxy } = makeProxy();
    for (const origin of [
      'https://evil.example',
      'https://shop.example.evil',
      'null',
      'http://shop.example',
    ]) {
      const response = await call(proxy, '/orders', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      assert.equal(response.status, 403, origin);
      assert.equal(response.headers.get('access-control-allow-origin'), null);
    }
    const offList = await call(proxy, '/admin', {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
    });
    assert.equal(offList.status, 404);
  });

  test('actual requests: allowed origin gets CORS headers, others are refused before upstream', async () => {
    const { proxy, upstream } = makeProxy();
    const ok = await call(proxy, '/orders', { headers: { origin: ORIGIN } });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('access-control-allow-origin'), ORIGIN);
    assert.match(ok.headers.get('access-control-expose-headers') ?? '', /X-Total-Count/);
    assert.match(ok.headers.get('vary') ?? '', /Origin/);

    const evil = await call(proxy, '/orders', { headers: { origin: 'https://evil.example' } });
    assert.equal(evil.status, 403);
    assert.equal(evil.headers.get('access-control-allow-origin'), null);

    const sameOrigin = await call(proxy, '/orders/1/notes', {
      method: 'POST',
      body: '{}',
      headers: { origin: PROXY, 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(sameOrigin.status, 200);
    assert.equal(sameOrigin.headers.get('access-control-allow-origin'), null);
    assert.equal(upstream.seen.length, 2);
  });

  test('error answers to an allowed origin stay readable', async () => {
    const { proxy } = makeProxy();
    const response = await call(proxy, '/nope', { headers: { origin: ORIGIN } });
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('access-control-allow-origin'), ORIGIN);
  });
});

describe('API proxy credentials', () => {
  test('adds the server API key and drops the key, cookies and auth headers the browser sent', async () => {
    const { proxy, upstream } = makeProxy({ appToken: 'server-app-token' });
    await call(proxy, '/orders/1', {
      headers: {
        'x-api-key': 'browser-key',
        cookie: 'session=abc',
        authorization: 'Bearer browser-token',
        authentication: 'browser-app-token',
        accept: 'application/json',
        'x-forwarded-host': 'evil.test',
      },
    });
    const seen = upstream.seen[0]!;
    assert.equal(seen.headers['x-api-key'], 'server-api-key');
    assert.equal(seen.headers['cookie'], undefined);
    assert.equal(seen.headers['authorization'], undefined);
    assert.equal(seen.headers['authentication'], undefined);
    assert.equal(seen.headers['x-forwarded-host'], undefined);
    assert.equal(seen.headers['accept'], 'application/json');
  });

  test('sends the app token alone for POST /shipments, and only there', async () => {
    const { proxy, upstream } = makeProxy({ appToken: 'server-app-token' });
    await call(proxy, '/shipments', {
      method: 'POST',
      body: '{}',
      headers: { authentication: 'browser-token' },
    });
    await call(proxy, '/shipping/api/v1/shipments', { method: 'POST', body: '{}' });
    assert.equal(upstream.seen[0]!.headers['authentication'], 'server-app-token');
    assert.equal(upstream.seen[0]!.headers['x-api-key'], undefined);
    assert.equal(upstream.seen[1]!.headers['authentication'], undefined);
    assert.equal(upstream.seen[1]!.headers['x-api-key'], 'server-api-key');
  });

  test('POST /shipments without a configured app token is refused before upstream', async () => {
    const { proxy, upstream } = makeProxy();
    const response = await call(proxy, '/shipments', { method: 'POST', body: '{}' });
    assert.equal(response.status, 501);
    assert.equal(upstream.seen.length, 0);
  });

  test("forwards the user's bearer token when asked to, instead of the key", async () => {
    const { proxy, upstream } = makeProxy({ forwardAuthorization: true });
    await call(proxy, '/current_user', {
      headers: { authorization: 'Bearer user-token', 'x-api-key': 'browser-key' },
    });
    assert.equal(upstream.seen.length, 1);
    assert.equal(upstream.seen[0]!.headers['authorization'], 'Bearer user-token');
    assert.equal(upstream.seen[0]!.headers['x-api-key'], undefined);
  });

  test('with apiKeyFallback the key stands in for a missing bearer, never for a malformed one', async () => {
    const { proxy, upstream } = makeProxy({ forwardAuthorization: true, apiKeyFallback: true });
    assert.equal((await call(proxy, '/current_user')).status, 200);
    const basic = await call(proxy, '/current_user', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    assert.equal(basic.status, 401);
    assert.deepEqual(
      upstream.seen.map((r) => r.headers['x-api-key']),
      ['server-api-key'],
    );
  });

  test('getCredential picks the credential per request; without any credential the answer is 401', async () => {
    const { proxy, upstream } = makeProxy({
      apiKey: undefined,
      getCredential: (request) =>
        request.headers.get('cookie') === 'session=alice' ? { bearer: 'alice-token' } : null,
    });
    assert.equal((await call(proxy, '/tags', { headers: { cookie: 'session=alice' } })).status, 200);
    const anonymous = await call(proxy, '/tags');
    assert.equal(anonymous.status, 401);
    assert.deepEqual(
      upstream.seen.map((r) => r.headers['authorization']),
      ['Bearer alice-token'],
    );
  });
});

describe('API proxy responses', () => {
  test('strips hop-by-hop and credential headers, keeps pagination headers and the body', async () => {
    const upstream = stubUpstream(() => {
      const headers = new Headers({
        'content-type': 'application/json',
        connection: 'keep-alive, x-hop',
        'keep-alive': 'timeout=5',
        'x-hop': '1',
        upgrade: 'h2c',
        te: 'trailers',
        trailer: 'x-sum',
        'proxy-authenticate': 'Basic',
        'proxy-connection': 'keep-alive',
        'www-authenticate': 'Bearer',
        authorization: 'Bearer leaked',
        'x-api-key': 'leaked',
        'access-control-allow-origin': '*',
        'x-total-count': '250',
        'x-total-pages-count': '3',
        'x-page-index': '1',
        'x-per-page': '100',
        'x-request-id': 'r-1',
      });
      headers.append('set-cookie', 'a=1');
      headers.append('set-cookie', 'b=2');
      return new Response('[{"id":1}]', { status: 200, headers });
    });
    const proxy = createApiProxy({
      upstream: 'https://api.example',
      authorize: () => 'user-1',
      apiKey: 'k',
      allowedOrigins: [ORIGIN],
      fetch: upstream.fetch,
    });
    const response = await call(proxy, '/orders', { headers: { origin: ORIGIN } });
    for (const name of [
      'connection',
      'keep-alive',
      'x-hop',
      'upgrade',
      'te',
      'trailer',
      'proxy-authenticate',
      'proxy-connection',
      'www-authenticate',
      'authorization',
      'x-api-key',
      'set-cookie',
    ]) {
      assert.equal(response.headers.get(name), null, name);
    }
    assert.equal(response.headers.get('access-control-allow-origin'), ORIGIN);
    assert.equal(response.headers.get('x-total-count'), '250');
    assert.equal(response.headers.get('x-per-page'), '100');
    assert.equal(response.headers.get('x-request-id'), 'r-1');
    assert.equal(await response.text(), '[{"id":1}]');
  });

  test('passes error statuses and bodies through', async () => {
    const upstream = stubUpstream(() =>
      Response.json({ error_messages: ['Weight too low'] }, { status: 400 }),
    );
    const proxy = createApiProxy({
      upstream: 'https://api.example',
      authorize: () => 'user-1',
      apiKey: 'k',
      allowedOrigins: [],
      fetch: upstream.fetch,
    });
    const response = await call(proxy, '/shipping/api/v1/rates', { method: 'POST', body: '{}' });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error_messages: ['Weight too low'] });
  });

  test('an unreachable upstream is a 502 with a short message and no internals', async () => {
    const errors: unknown[] = [];
    const proxy = createApiProxy({
      upstream: 'https://api.example',
      authorize: () => 'user-1',
      apiKey: 'server-api-key',
      allowedOrigins: [],
      fetch: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.1:443 with server-api-key')),
      onError: (error) => errors.push(error),
    });
    const response = await call(proxy, '/tags');
    assert.equal(response.status, 502);
    const text = await response.text();
    assert.doesNotMatch(text, /ECONNREFUSED|server-api-key|10\.0\.0\.1/);
    assert.equal(errors.length, 1);
  });

  test('an upstream redirect is not followed nor passed on', async () => {
    const upstream = stubUpstream(
      () => new Response(null, { status: 302, headers: { location: 'https://evil.test/' } }),
    );
    const proxy = createApiProxy({
      upstream: 'https://api.example',
      authorize: () => 'user-1',
      apiKey: 'k',
      allowedOrigins: [],
      fetch: upstream.fetch,
    });
    const response = await call(proxy, '/tags');
    assert.equal(response.status, 502);
    assert.equal(response.headers.get('location'), null);
  });

  test('a 204 from upstream stays bodiless', async () => {
    const upstream = stubUpstream(() => new Response(null, { status: 204 }));
    const proxy = createApiProxy({
      upstream: 'https://api.example',
      authorize: () => 'user-1',
      apiKey: 'k',
      allowedOrigins: [],
      fetch: upstream.fetch,
    });
    const response = await call(proxy, '/orders/1/allocations/2', { method: 'DELETE' });
    assert.equal(response.status, 204);
    assert.equal(await response.text(), '');
  });
});

describe('API proxy throttling', () => {
  test('lets a burst of 100 through, then answers 429 until the bucket drains at 5 per second', async () => {
    let now = 1_000_000;
    const { proxy, upstream } = makeProxy({ now: () => now });
    for (let i = 0; i < 100; i += 1) {
      assert.equal((await call(proxy, '/tags')).status, 200, `request ${i + 1}`);
    }
    const limited = await call(proxy, '/tags', { headers: { origin: ORIGIN } });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('access-control-allow-origin'), ORIGIN);
    const body = (await limited.json()) as { error: string; message: string };
    assert.equal(body.error, 'rate_limited');
    assert.match(body.message, /5 per second/);
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal(upstream.seen.length, 100);

    now += 200; // one slot drains every 200 ms
    assert.equal((await call(proxy, '/tags')).status, 200);
    assert.equal((await call(proxy, '/tags')).status, 429);
    now += 1000;
    for (let i = 0; i < 5; i += 1) assert.equal((await call(proxy, '/tags')).status, 200);
    assert.equal((await call(proxy, '/tags')).status, 429);
  });

  test('keeps one bucket per signed-in identity', async () => {
    const now = 0;
    const { proxy } = makeProxy({
      now: () => now,
      authorize: (request) => request.headers.get('x-user'),
      rateLimit: { perSecond: 5, burst: 3 },
    });
    const as = (user: string) => call(proxy, '/tags', { headers: { 'x-user': user } });
    for (let i = 0; i < 3; i += 1) assert.equal((await as('alice')).status, 200);
    assert.equal((await as('alice')).status, 429);
    assert.equal((await as('bob')).status, 200);
  });

  test('refused requests do not use up the bucket', async () => {
    const { proxy } = makeProxy({ now: () => 0, rateLimit: { burst: 1 } });
    for (let i = 0; i < 5; i += 1) assert.equal((await call(proxy, '/admin')).status, 404);
    assert.equal((await call(proxy, '/tags')).status, 200);
  });
});

describe('API proxy body limit', () => {
  test('refuses bodies over 1 MiB with 413 before anything is sent upstream', async () => {
    const { proxy, upstream } = makeProxy();
    const big = 'x'.repeat(1024 * 1024 + 1);
    const declared = await call(proxy, '/orders/1/notes', { method: 'POST', body: big });
    assert.equal(declared.status, 413);
    const streamed = await call(proxy, '/orders/1/notes', {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          const chunk = new Uint8Array(64 * 1024);
          for (let i = 0; i < 20; i += 1) controller.enqueue(chunk);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    assert.equal(streamed.status, 413);
    assert.equal(upstream.seen.length, 0);
    const fits = await call(proxy, '/orders/1/notes', {
      method: 'POST',
      body: JSON.stringify('x'.repeat(1024 * 1024 - 2)),
    });
    assert.equal(fits.status, 200);
  });

  test('the limit is configurable', async () => {
    const { proxy } = makeProxy({ maxBodyBytes: 10 });
    assert.equal((await call(proxy, '/channels', { method: 'POST', body: '{"name":"abc"}' })).status, 413);
  });
});
