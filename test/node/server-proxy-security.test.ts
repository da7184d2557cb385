import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  MemoryRateLimitStore,
  createApiProxy,
  createTokenExchangeHandler,
  serveNode,
  toNodeListener,
  type ApiProxyOptions,
} from '../../src/server/index.js';
import { call, proxyOverStub, stubUpstream, type Reply } from './helpers/proxy.js';

/**
 * The proxy tried as an attacker would: callers with no session, answers that carry secrets,
 * credentials that should not fall back to the server's key, rate-limit evasion and slow clients.
 */

const API_KEY = 'server-api-key-3f9c2a71';
const APP_TOKEN = 'server-app-token-8d0e41b2';

/** A session check as a host would write it: the user of a `session` cookie, else null. */
function sessionUser(request: Request): string | null {
  const match = /(?:^|;\s*)session=([a-z0-9-]+)/.exec(request.headers.get('cookie') ?? '');
  return match?.[1] ?? null;
}

function makeProxy(overrides: Partial<ApiProxyOptions> = {}, reply?: Reply) {
  return proxyOverStub(
    {
      upstream: 'https://api.example',
      authorize: sessionUser,
      apiKey: API_KEY,
      appToken: APP_TOKEN,
      allowedOrigins: ['https://shop.example'],
      ...overrides,
    },
    reply,
  );
}

const signedIn = { cookie: 'session=alice' };

describe('the proxy serves only callers the host signed in', () => {
  test('creating a proxy without authorize is a TypeError that says what to pass', () => {
    const options = { upstream: 'https://api.example', apiKey: API_KEY, allowedOrigins: [] };
    assert.throws(
      () => createApiProxy(options as unknown as ApiProxyOptions),
      (error: unknown) => error instanceof TypeError && /authorize/.test(error.message),
    );
  });

  test('a request with no session (curl, no Origin) gets 401 and nothing reaches the upstream', async () => {
    const { proxy, upstream } = makeProxy();
    for (const [method, path] of [
      ['POST', '/shipments'],
      ['GET', '/orders'],
      ['GET', '/current_user'],
      ['POST', '/shipping/api/v1/shipments'],
    ] as const) {
      const response = await call(proxy, path, {
        method,
        ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
      });
      assert.equal(response.status, 401, `${method} ${path}`);
      const body = (await response.json()) as { error: string };
      assert.equal(body.error, 'unauthorized');
    }
    assert.equal(upstream.seen.length, 0);
  });

  test('a signed-in request goes through with the server credential', async () => {
    const { proxy, upstream } = makeProxy();
    const response = await call(proxy, '/orders', { headers: signedIn });
    assert.equal(response.status, 200);
    assert.equal(upstream.seen[0]?.headers['x-api-key'], API_KEY);
  });

  test('an empty identity counts as not signed in; an async authorize is awaited', async () => {
    const { proxy, upstream } = makeProxy({ authorize: () => Promise.resolve('') });
    assert.equal((await call(proxy, '/orders')).status, 401);
    assert.equal(upstream.seen.length, 0);
  });

  test('refused callers spend no rate-limit slot of anyone', async () => {
    const { proxy } = makeProxy({ rateLimit: { burst: 2 }, now: () => 0 });
    for (let i = 0; i < 10; i += 1) assert.equal((await call(proxy, '/tags')).status, 401);
    assert.equal((await call(proxy, '/tags', { headers: signedIn })).status, 200);
    assert.equal((await call(proxy, '/tags', { headers: signedIn })).status, 200);
  });

  test('a CORS preflight (which carries no cookie) is still answered for a listed origin', async () => {
    const { proxy, upstream } = makeProxy();
    const response = await call(proxy, '/orders', {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(response.status, 204);
    assert.equal(upstream.seen.length, 0);
  });
});

describe('credentials fail closed', () => {
  const bearerProxy = () => makeProxy({ forwardAuthorization: true });

  test('with forwardAuthorization and apiKey, a request without Authorization is 401, not the server key', async () => {
    const { proxy, upstream } = bearerProxy();
    const response = await call(proxy, '/orders', { headers: signedIn });
    assert.equal(response.status, 401);
    assert.equal(upstream.seen.length, 0);
  });

  for (const header of [
    'Basic dXNlcjpwYXNz',
    'Bearer',
    'Bearer two words',
    'Bearer tok;en',
    'Token abc123',
  ]) {
    test(`a malformed Authorization (${header}) is 401, never the server key`, async () => {
      const { proxy, upstream } = bearerProxy();
      const response = await call(proxy, '/orders', { headers: { ...signedIn, authorization: header } });
      assert.equal(response.status, 401);
      assert.equal(upstream.seen.length, 0);
    });
  }

  test('getCredential returning null does not fall back to the key unless the host says so', async () => {
    const refusing = makeProxy({ getCredential: () => null });
    assert.equal((await call(refusing.proxy, '/orders', { headers: signedIn })).status, 401);
    assert.equal(refusing.upstream.seen.length, 0);

    const fallingBack = makeProxy({ getCredential: () => null, apiKeyFallback: true });
    assert.equal((await call(fallingBack.proxy, '/orders', { headers: signedIn })).status, 200);
    assert.equal(fallingBack.upstream.seen[0]?.headers['x-api-key'], API_KEY);
  });

  test('a well-formed bearer is forwarded alone', async () => {
    const { proxy, upstream } = bearerProxy();
    const response = await call(proxy, '/orders', {
      headers: { ...signedIn, authorization: 'Bearer user-token-123' },
    });
    assert.equal(response.status, 200);
    assert.equal(upstream.seen[0]?.headers['authorization'], 'Bearer user-token-123');
    assert.equal(upstream.seen[0]?.headers['x-api-key'], undefined);
  });
});

describe('answers never carry a secret', () => {
  const user = {
    id: 7,
    login: 'packer',
    email: 'packer@example.com',
    api_key: API_KEY,
    password_reset_token: 'reset-abc',
    activation_code: 'act-123',
    company: { name: 'Shop', setting: { currency_code: 'GBP' } },
  };

  test('secret fields are removed from JSON at any depth; everything else stays', async () => {
    const order = {
      id: 1,
      number: '1001',
      channel: {
        id: 3,
        name: 'Store',
        marketplace_auth_token: 'mkt-secret',
        token: 'channel-token',
        connector_store_key: 'conn-key',
      },
      customer: { id: 4, created_by: user },
      allocations: [{ id: 9, allocated_by: user, shipment: { id: 2, created_by: user } }],
      oauth: { access_token: 'at-1', refresh_token: 'rt-1' },
      request_token: 'keep-me',
    };
    const { proxy } = makeProxy({}, () => Response.json(order));
    const response = await call(proxy, '/orders/1/allocations', {
      method: 'POST',
      body: '{}',
      headers: { ...signedIn, 'content-type': 'application/json' },
    });
    assert.equal(response.status, 200);
    const text = await response.text();
    for (const secret of [
      'api_key',
      'password_reset_token',
      'activation_code',
      'marketplace_auth_token',
      '"token"',
      'connector_store_key',
      'access_token',
      'refresh_token',
      'mkt-secret',
      'reset-abc',
      API_KEY,
    ]) {
      assert.ok(!text.includes(secret), `${secret} must not be in ${text}`);
    }
    const body = JSON.parse(text) as {
      allocations: { allocated_by: { login: string; company: { name: string } } }[];
      channel: { name: string };
      request_token: string;
    };
    assert.equal(body.allocations[0]?.allocated_by.login, 'packer');
    assert.equal(body.allocations[0]?.allocated_by.company.name, 'Shop');
    assert.equal(body.channel.name, 'Store');
    assert.equal(body.request_token, 'keep-me');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });

  test('an upstream error that echoes the server key or app token comes back redacted', async () => {
    const { proxy } = makeProxy({}, (request) =>
      Response.json(
        {
          error: `Invalid API key ${request.headers.get('x-api-key') ?? ''}`,
          detail: [`app token ${APP_TOKEN} refused`, 'Authorization: Bearer abc.def-ghi'],
        },
        { status: 401 },
      ),
    );
    const response = await call(proxy, '/orders', { headers: signedIn });
    assert.equal(response.status, 401);
    const text = await response.text();
    assert.ok(!text.includes(API_KEY), text);
    assert.ok(!text.includes(APP_TOKEN), text);
    assert.ok(!text.includes('abc.def-ghi'), text);
    assert.match(text, /Invalid API key \[redacted\]/);
  });

  test("the user's own bearer is redacted from the answer too", async () => {
    const { proxy } = makeProxy({ forwardAuthorization: true }, () =>
      Response.json({ message: 'token user-token-123 revoked' }, { status: 401 }),
    );
    const response = await call(proxy, '/orders', {
      headers: { ...signedIn, authorization: 'Bearer user-token-123' },
    });
    assert.ok(!(await response.text()).includes('user-token-123'));
  });

  test('a text/html answer is never served as it is: it becomes a JSON error carrying the status', async () => {
    const { proxy } = makeProxy(
      {},
      () =>
        new Response('<html><script>alert(document.cookie)</script></html>', {
          status: 500,
          headers: { 'content-type': 'text/html' },
        }),
    );
    const response = await call(proxy, '/orders', { headers: signedIn });
    assert.equal(response.status, 500);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    const text = await response.text();
    assert.ok(!text.includes('<script>'));
    assert.equal((JSON.parse(text) as { status: number }).status, 500);
  });

  test('a 200 that is not JSON becomes a 502, so no page of the upstream is served from this origin', async () => {
    const { proxy } = makeProxy(
      {},
      () =>
        new Response('<svg onload=alert(1)>', { status: 200, headers: { 'content-type': 'image/svg+xml' } }),
    );
    const response = await call(proxy, '/orders', { headers: signedIn });
    assert.equal(response.status, 502);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.ok(!(await response.text()).includes('<svg'));
  });

  test('every answer, errors and empty ones included, carries nosniff', async () => {
    const { proxy } = makeProxy({}, () => new Response(null, { status: 204 }));
    for (const response of [
      await call(proxy, '/orders/1/allocations/2', { method: 'DELETE', headers: signedIn }),
      await call(proxy, '/orders'),
      await call(proxy, '/nope', { headers: signedIn }),
    ]) {
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    }
  });

  test('a key as short as six characters is redacted from what the upstream echoes', async () => {
    const key = 'k3y6ch';
    const { proxy } = makeProxy({ apiKey: key }, () =>
      Response.json({ note: `signed with ${key}` }, { headers: { 'x-debug': `key=${key}` } }),
    );
    const response = await call(proxy, '/orders', { headers: signedIn });
    assert.equal(response.headers.get('x-debug'), 'key=[redacted]');
    const text = await response.text();
    assert.ok(!text.includes(key), text);
  });

  test('header values echoing the key are redacted', async () => {
    const { proxy } = makeProxy({}, () => Response.json([], { headers: { 'x-debug': `key=${API_KEY}` } }));
    const response = await call(proxy, '/orders', { headers: signedIn });
    assert.equal(response.headers.get('x-debug'), 'key=[redacted]');
  });
});

describe('the rate limit is kept per identity', () => {
  test('rotating the bearer token does not buy a fresh bucket: 130 requests, 100 pass', async () => {
    const { proxy } = makeProxy({ forwardAuthorization: true, now: () => 0 });
    const statuses: number[] = [];
    for (let i = 0; i < 130; i += 1) {
      const response = await call(proxy, '/tags', {
        headers: { ...signedIn, authorization: `Bearer tok${i}` },
      });
      statuses.push(response.status);
    }
    assert.equal(statuses.filter((status) => status === 200).length, 100);
    assert.equal(statuses.filter((status) => status === 429).length, 30);
  });

  test('one identity using up its allowance leaves another identity untouched', async () => {
    const { proxy } = makeProxy({ now: () => 0, rateLimit: { burst: 5 } });
    for (let i = 0; i < 5; i += 1) await call(proxy, '/tags', { headers: signedIn });
    assert.equal((await call(proxy, '/tags', { headers: signedIn })).status, 429);
    assert.equal((await call(proxy, '/tags', { headers: { cookie: 'session=bob' } })).status, 200);
  });

  test('however many other identities come and go, a full bucket is never reset', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ now: () => now, sweepAbove: 10 });
    // One slot drains every 100 s, so nothing drains while the visitors come.
    const { proxy } = makeProxy({ rateLimit: { burst: 3, perSecond: 0.01, store } });
    for (let i = 0; i < 3; i += 1) await call(proxy, '/tags', { headers: signedIn });
    for (let i = 0; i < 200; i += 1) {
      now += 1;
      await call(proxy, '/tags', { headers: { cookie: `session=visitor-${i}` } });
    }
    assert.equal((await call(proxy, '/tags', { headers: signedIn })).status, 429);
  });

  test('buckets that have drained are swept, so memory stays bounded by the busy identities', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ now: () => now, sweepAbove: 10 });
    const { proxy } = makeProxy({ rateLimit: { store } });
    for (let i = 0; i < 100; i += 1) {
      now += 1_000; // one request's slot drains in 200 ms
      assert.equal((await call(proxy, '/tags', { headers: { cookie: `session=visitor-${i}` } })).status, 200);
    }
    assert.ok(store.size <= 11, `held ${store.size} buckets`);
  });
});

/** Opens a raw socket, writes `head`, then `drip` one piece every `everyMs`; resolves with what came back and when the socket closed. */
function slowClient(
  port: number,
  head: string,
  drip: string[],
  everyMs: number,
): Promise<{ reply: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    let timer: ReturnType<typeof setInterval> | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ reply, closedAfterMs: performance.now() - started });
    });
    socket.on('connect', () => {
      socket.write(head);
      let index = 0;
      timer = setInterval(() => {
        if (socket.destroyed) return;
        socket.write(drip[index % drip.length] ?? 'x');
        index += 1;
      }, everyMs);
    });
    setTimeout(() => reject(new Error('the connection was held open')), 8_000).unref();
  });
}

describe('time limits on the way in', () => {
  const upstreamOk = stubUpstream();
  const proxyOptions: ApiProxyOptions = {
    upstream: 'https://api.example',
    authorize: () => 'user-1',
    apiKey: API_KEY,
    allowedOrigins: [],
    fetch: upstreamOk.fetch,
  };

  test('a body trickled one byte at a time gets 408 and the connection closes (serveNode)', async () => {
    const server = await serveNode(createApiProxy(proxyOptions), { requestTimeoutMs: 400 });
    try {
      const { reply, closedAfterMs } = await slowClient(
        server.port,
        'POST /orders/1/notes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
        ['{'],
        100,
      );
      assert.match(reply, /^HTTP\/1\.1 408/);
      assert.ok(closedAfterMs < 3_000, `closed after ${closedAfterMs} ms`);
      assert.equal(upstreamOk.seen.length, 0);
    } finally {
      await server.close();
    }
  });

  test('headers trickled a line at a time get 408 and the connection closes (serveNode)', async () => {
    const server = await serveNode(createApiProxy(proxyOptions), { requestTimeoutMs: 400 });
    try {
      const { reply, closedAfterMs } = await slowClient(
        server.port,
        'GET /orders HTTP/1.1\r\n',
        ['X-a: b\r\n'],
        100,
      );
      assert.match(reply, /^HTTP\/1\.1 408/);
      assert.ok(closedAfterMs < 3_000, `closed after ${closedAfterMs} ms`);
    } finally {
      await server.close();
    }
  });

  test("inside the host's own http server, toNodeListener closes a trickling body with 408", async () => {
    const listener = toNodeListener(createApiProxy(proxyOptions), { requestTimeoutMs: 400 });
    const server = createServer((req, res) => void listener(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { reply, closedAfterMs } = await slowClient(
        port,
        'POST /orders/1/notes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
        ['{'],
        100,
      );
      assert.match(reply, /^HTTP\/1\.1 408/);
      assert.ok(closedAfterMs < 3_000, `closed after ${closedAfterMs} ms`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('the fetch handler itself stops waiting for a body after bodyTimeoutMs (other runtimes)', async () => {
    const proxy = createApiProxy({ ...proxyOptions, bodyTimeoutMs: 200 });
    const never = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{'));
      },
    });
    const response = await call(proxy, '/orders/1/notes', {
      method: 'POST',
      body: never,
      duplex: 'half',
    } as RequestInit);
    assert.equal(response.status, 408);
  });

  test('the token exchange stops waiting for a body too', async () => {
    const exchange = createTokenExchangeHandler({
      apiBaseUrl: 'https://api.example',
      clientId: 'id',
      clientSecret: 'secret',
      redirectUri: 'https://shop.example/cb',
      authorize: () => 'user-1',
      bodyTimeoutMs: 200,
      fetch: () => Promise.reject(new Error('must not be called')),
    });
    const never = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{'));
      },
    });
    const response = await exchange(
      new Request('https://shop.example/oauth/exchange', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: never,
        duplex: 'half',
      } as RequestInit),
    );
    assert.equal(response.status, 408);
  });
});

describe('token exchange with a session check', () => {
  test('authorize returning null refuses before the code is sent on', async () => {
    let calls = 0;
    const exchange = createTokenExchangeHandler({
      apiBaseUrl: 'https://api.example',
      clientId: 'id',
      clientSecret: 'secret',
      redirectUri: 'https://shop.example/cb',
      authorize: sessionUser,
      fetch: () => {
        calls += 1;
        return Promise.resolve(Response.json({ access_token: 'at', token_type: 'bearer' }));
      },
    });
    const post = (headers: Record<string, string>) =>
      exchange(
        new Request('https://shop.example/oauth/exchange', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ code: 'abc', redirect_uri: 'https://shop.example/cb' }),
        }),
      );
    assert.equal((await post({})).status, 401);
    assert.equal(calls, 0);
    const ok = await post(signedIn);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(calls, 1);
  });
});
