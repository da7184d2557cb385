import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createSandbox, createSandboxHost, SANDBOX_CREDENTIALS, SEED_IDS } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';

const ORDER = `/orders/${SEED_IDS.orders.unallocated}`;

function request(
  path: string,
  init: RequestInit = {},
  key: string | null = SANDBOX_CREDENTIALS.apiKey,
): Request {
  const headers = new Headers(init.headers);
  if (key !== null && !headers.has('authorization')) headers.set('x-api-key', key);
  return new Request(`http://sandbox.test${path}`, { ...init, headers });
}

function control(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<Response> {
  return sandbox.fetch(
    new Request(`http://sandbox.test/__sandbox/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

function clock(start = Date.parse('2026-03-02T10:00:00Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('sandbox credentials', () => {
  it('answers 401 with a JSON body without a valid credential', async () => {
    const sandbox = createSandbox();
    for (const req of [
      request(ORDER, {}, null),
      request(ORDER, {}, 'regenerated-key'),
      request(ORDER, { headers: { authorization: 'Bearer nope' } }, null),
      request('/api/v2/shipping_configs', { headers: { accept: 'application/vnd.api+json' } }, null),
      request('/shipping/api/v1/rates', { method: 'POST', body: '{}' }, null),
    ]) {
      const response = await sandbox.fetch(req);
      assert.equal(response.status, 401, req.url);
      assert.deepEqual(await response.json(), { status: '401', error: 'Unauthorized' });
    }
    assert.equal((await sandbox.fetch(request(ORDER))).status, 200);
    const bearer = request(
      ORDER,
      { headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.accessToken}` } },
      null,
    );
    assert.equal((await sandbox.fetch(bearer)).status, 200);
  });
});

describe('sandbox OAuth', () => {
  const redirectUri = 'http://localhost:3000/oauth/callback';
  const authorizeQuery = new URLSearchParams({
    client_id: SANDBOX_CREDENTIALS.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: '',
    state: 'xyz-123',
  });

  async function approve(sandbox: Sandbox, decision = 'approve'): Promise<URL> {
    const form = new URLSearchParams(authorizeQuery);
    form.set('decision', decision);
    const response = await sandbox.fetch(
      new Request('http://sandbox.test/sandbox/t1/oauth/authorize', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      }),
    );
    assert.equal(response.status, 302);
    return new URL(response.headers.get('location') ?? '');
  }

  function exchange(sandbox: Sandbox, code: string, overrides: Record<string, string> = {}, asJson = true) {
    const fields = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: SANDBOX_CREDENTIALS.clientId,
      client_secret: SANDBOX_CREDENTIALS.clientSecret,
      ...overrides,
    };
    return sandbox.fetch(
      new Request('http://sandbox.test/sandbox/t1/oauth/token', {
        method: 'POST',
        headers: asJson
          ? { 'content-type': 'application/json', accept: 'application/json' }
          : { 'content-type': 'application/x-www-form-urlencoded' },
        body: asJson ? JSON.stringify(fields) : new URLSearchParams(fields),
      }),
    );
  }

  it('shows an accessible, script-free approval page that posts back to the sandbox', async () => {
    const sandbox = createSandbox({ basePath: '/sandbox/t1' });
    const response = await sandbox.fetch(
      new Request(`http://sandbox.test/sandbox/t1/oauth/authorize?${authorizeQuery}`),
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    const html = await response.text();
    assert.match(html, /<html lang="en">/);
    assert.ok(html.includes(SANDBOX_CREDENTIALS.appName));
    assert.match(html, /<button type="submit" name="decision" value="approve">Approve<\/button>/);
    assert.match(html, /<button type="submit" name="decision" value="deny">Deny<\/button>/);
    assert.match(html, /<form method="post" action="\/sandbox\/t1\/oauth\/authorize">/);
    assert.equal(/<script|\son\w+=|\sstyle=/i.test(html), false);
    const css = await sandbox.fetch(new Request('http://sandbox.test/sandbox/t1/oauth/authorize.css'));
    assert.equal(css.headers.get('content-type'), 'text/css; charset=utf-8');
    const bad = await sandbox.fetch(
      new Request('http://sandbox.test/sandbox/t1/oauth/authorize?client_id=other'),
    );
    assert.equal(bad.status, 400);
  });

  it('redirects with a code and the same state; the code is single-use and the token works', async () => {
    const sandbox = createSandbox({ basePath: '/sandbox/t1', now: clock().now });
    const location = await approve(sandbox);
    assert.equal(`${location.origin}${location.pathname}`, redirectUri);
    assert.equal(location.searchParams.get('state'), 'xyz-123');
    const code = location.searchParams.get('code') ?? '';
    assert.ok(code);

    const token = await exchange(sandbox, code, {}, false);
    assert.equal(token.status, 200);
    const body = (await token.json()) as { access_token: string; token_type: string; created_at: number };
    assert.equal(body.token_type, 'bearer');
    assert.equal(body.created_at, Date.parse('2026-03-02T10:00:00Z') / 1000);
    const order = await sandbox.fetch(
      new Request(`http://sandbox.test/sandbox/t1${ORDER}`, {
        headers: { authorization: `Bearer ${body.access_token}` },
      }),
    );
    assert.equal(order.status, 200);

    const reused = await exchange(sandbox, code);
    assert.equal(reused.status, 400);
    assert.equal(((await reused.json()) as { error: string }).error, 'invalid_grant');
  });

  it('says access_denied when the user denies', async () => {
    const location = await approve(createSandbox({ basePath: '/sandbox/t1' }), 'deny');
    assert.equal(location.searchParams.get('error'), 'access_denied');
    assert.equal(location.searchParams.get('state'), 'xyz-123');
    assert.equal(location.searchParams.get('code'), null);
  });

  it('expires codes after 10 minutes and checks the client and redirect URI', async () => {
    const time = clock();
    const sandbox = createSandbox({ basePath: '/sandbox/t1', now: time.now });
    const wrongSecret = await exchange(sandbox, (await approve(sandbox)).searchParams.get('code') ?? '', {
      client_secret: 'guess',
    });
    assert.equal(wrongSecret.status, 401);
    const mismatch = await exchange(sandbox, (await approve(sandbox)).searchParams.get('code') ?? '', {
      redirect_uri: 'http://localhost:3000/elsewhere',
    });
    assert.equal(mismatch.status, 400);

    const inTime = (await approve(sandbox)).searchParams.get('code') ?? '';
    const late = (await approve(sandbox)).searchParams.get('code') ?? '';
    time.advance(10 * 60 * 1000);
    assert.equal((await exchange(sandbox, inTime)).status, 200);
    time.advance(1);
    const expired = await exchange(sandbox, late);
    assert.equal(expired.status, 400);
    assert.deepEqual(await expired.json(), {
      error: 'invalid_grant',
      error_description: 'The authorization code has expired',
    });
  });
});

describe('sandbox rate limit', () => {
  it('is off by default', async () => {
    const sandbox = createSandbox();
    for (let index = 0; index < 120; index += 1)
      assert.equal((await sandbox.fetch(request('/tags'))).status, 200);
  });

  it('lets a burst of 100 through, then answers 429 with no body and no headers, and drains at 5/s', async () => {
    const time = clock();
    const sandbox = createSandbox({ rateLimit: true, now: time.now });
    for (let index = 0; index < 100; index += 1)
      assert.equal((await sandbox.fetch(request('/tags'))).status, 200);
    const limited = await sandbox.fetch(request('/tags'));
    assert.equal(limited.status, 429);
    assert.equal(await limited.text(), '');
    assert.deepEqual([...limited.headers.keys()], []);
    time.advance(1000);
    for (let index = 0; index < 5; index += 1)
      assert.equal((await sandbox.fetch(request('/tags'))).status, 200);
    assert.equal((await sandbox.fetch(request('/tags'))).status, 429);
    assert.equal(sandbox.requests().filter((entry) => entry.status === 429).length, 2);
  });

  it('can be switched on through the control API', async () => {
    const sandbox = createSandbox({ now: clock().now });
    assert.equal(
      (await control(sandbox, 'POST', 'config', { rateLimit: { perSecond: 1, burst: 2 } })).status,
      200,
    );
    const statuses = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await sandbox.fetch(request('/tags'))).status);
    assert.deepEqual(statuses, [200, 200, 429]);
    assert.equal((await control(sandbox, 'POST', 'config', { rateLimit: 'sometimes' })).status, 400);
  });
});

describe('sandbox faults', () => {
  it('answers with the status and body kind asked for, then serves normally', async () => {
    const sandbox = createSandbox();
    const queued = await control(sandbox, 'POST', 'faults', [
      { method: 'GET', path: '/orders', status: 500, body: 'empty' },
      { path: '/orders', status: 502, body: 'html' },
      { path: '/orders', status: 200, body: 'malformed' },
      { path: '/orders', status: 422, body: { error_messages: ['Injected'] } },
      { path: '/orders', status: 503 },
    ]);
    assert.equal(queued.status, 201);
    const empty = await sandbox.fetch(request(ORDER));
    assert.equal(empty.status, 500);
    assert.equal(await empty.text(), '');
    const html = await sandbox.fetch(request(ORDER));
    assert.equal(html.status, 502);
    assert.match(await html.text(), /^<!DOCTYPE html>/);
    const malformed = await sandbox.fetch(request(ORDER));
    assert.equal(malformed.status, 200);
    await assert.rejects(malformed.json());
    const custom = await sandbox.fetch(request(ORDER));
    assert.deepEqual([custom.status, await custom.json()], [422, { error_messages: ['Injected'] }]);
    const plain = await sandbox.fetch(request(ORDER));
    assert.deepEqual(
      [plain.status, await plain.json()],
      [503, { status: '503', error: 'Service Unavailable' }],
    );
    assert.equal((await sandbox.fetch(request(ORDER))).status, 200);
  });

  it('matches by method and path prefix, and counts times', async () => {
    const sandbox = createSandbox();
    await control(sandbox, 'POST', 'faults', { method: 'POST', path: '/orders', status: 500, times: 2 });
    assert.equal((await sandbox.fetch(request(ORDER))).status, 200);
    assert.equal((await sandbox.fetch(request('/tags', { method: 'POST' }))).status, 404);
    const note = () =>
      request(`${ORDER}/notes`, {
        method: 'POST',
        body: JSON.stringify({ note: { text: 'x' } }),
        headers: { 'content-type': 'application/json' },
      });
    assert.equal((await sandbox.fetch(note())).status, 500);
    assert.equal((await sandbox.fetch(note())).status, 500);
    assert.equal((await sandbox.fetch(note())).status, 201);
    await control(sandbox, 'POST', 'faults', { path: '/tags', status: 500, times: 5 });
    assert.equal((await control(sandbox, 'DELETE', 'faults')).status, 204);
    assert.equal((await sandbox.fetch(request('/tags'))).status, 200);
    assert.equal((await control(sandbox, 'POST', 'faults', { path: 'orders', status: 500 })).status, 400);
  });

  it('delays a request, then serves it', async () => {
    const sandbox = createSandbox();
    await control(sandbox, 'POST', 'faults', { path: '/tags', delayMs: 150 });
    const started = performance.now();
    assert.equal((await sandbox.fetch(request('/tags'))).status, 200);
    assert.ok(performance.now() - started >= 140);
  });

  it('holds a request until it is released, then answers as the fault says', async () => {
    const sandbox = createSandbox();
    await control(sandbox, 'POST', 'faults', { path: '/tags', hold: true, status: 503, times: 2 });
    let answered = false;
    const first = sandbox.fetch(request('/tags')).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(answered, false, 'a held request is not answered');
    assert.deepEqual(await (await control(sandbox, 'GET', 'held')).json(), { held: 1 });
    assert.deepEqual(await (await control(sandbox, 'POST', 'release')).json(), { released: 1 });
    assert.equal((await first).status, 503);
    // The fault's second request is not held once released: the test need not know when it arrives.
    assert.equal((await sandbox.fetch(request('/tags'))).status, 503);
    assert.equal((await sandbox.fetch(request('/tags'))).status, 200);
    // A hold fault queued after the release holds again, and a read whose client leaves goes at once.
    await control(sandbox, 'POST', 'faults', { path: '/tags', hold: true });
    const leaving = new AbortController();
    const left = sandbox.fetch(request('/tags', { signal: leaving.signal }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(await (await control(sandbox, 'GET', 'held')).json(), { held: 1 });
    leaving.abort();
    await left.catch(() => undefined);
    assert.deepEqual(await (await control(sandbox, 'GET', 'held')).json(), { held: 0 });
  });

  it('takes a one-off fault from the x-sandbox-fault header', async () => {
    const sandbox = createSandbox();
    const faulted = await sandbox.fetch(
      request('/tags', { headers: { 'x-sandbox-fault': JSON.stringify({ status: 504, body: 'empty' }) } }),
    );
    assert.equal(faulted.status, 504);
    assert.equal((await sandbox.fetch(request('/tags'))).status, 200);
    const dropped = await sandbox.fetch(
      request('/tags', { headers: { 'x-sandbox-fault': '{"network":true}' } }),
    );
    assert.equal(dropped.type, 'error');
    await assert.rejects(
      sandbox.clientFetch('http://sandbox.test/tags', { headers: { 'x-sandbox-fault': '{"network":true}' } }),
      TypeError,
    );
  });

  describe('through the Node listener on a real port', () => {
    const host = createSandboxHost();
    const server = createServer(host.listener);
    let base = '';
    before(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('drops the connection for a network fault, then serves the next request', async () => {
      const tenant = `${base}/sandbox/net`;
      const faults = await fetch(`${tenant}/__sandbox/faults`, {
        method: 'POST',
        body: JSON.stringify({ path: '/orders', network: true }),
      });
      assert.equal(faults.status, 201);
      await assert.rejects(
        fetch(`${tenant}${ORDER}`, { headers: { 'x-api-key': SANDBOX_CREDENTIALS.apiKey } }),
        TypeError,
      );
      const served = await fetch(`${tenant}${ORDER}`, {
        headers: { 'x-api-key': SANDBOX_CREDENTIALS.apiKey },
      });
      assert.equal(served.status, 200);
      const log = (await (await fetch(`${tenant}/__sandbox/requests`)).json()) as {
        status: number;
        fault?: boolean;
      }[];
      assert.deepEqual(
        log.map((entry) => [entry.status, entry.fault ?? false]),
        [
          [0, true],
          [200, false],
        ],
      );
    });

    it('keeps tenants apart', async () => {
      const headers = { 'x-api-key': SANDBOX_CREDENTIALS.apiKey, 'content-type': 'application/json' };
      const created = await fetch(`${base}/sandbox/alpha${ORDER}/notes`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ note: { text: 'alpha only' } }),
      });
      assert.equal(created.status, 201);
      const alpha = (await (await fetch(`${base}/sandbox/alpha${ORDER}`, { headers })).json()) as {
        employee_notes: unknown[];
      };
      const beta = (await (await fetch(`${base}/sandbox/beta${ORDER}`, { headers })).json()) as {
        employee_notes: unknown[];
      };
      assert.equal(alpha.employee_notes.length, 1);
      assert.equal(beta.employee_notes.length, 0);
      assert.equal((await fetch(`${base}/sandbox/${'x'.repeat(80)}${ORDER}`, { headers })).status, 404);
      assert.equal((await fetch(`${base}/elsewhere`, { headers })).status, 404);
    });
  });
});

describe('sandbox host', () => {
  it('keeps at most maxTenants sandboxes, dropping the least recently used', () => {
    const host = createSandboxHost({ maxTenants: 2 });
    const first = host.tenant('a');
    host.tenant('b');
    host.tenant('a');
    host.tenant('c');
    assert.deepEqual(host.tenants(), ['a', 'c']);
    assert.equal(host.tenant('a'), first);
    assert.equal(first.basePath, '/sandbox/a');
  });
});

describe('sandbox control API', () => {
  it('logs what the API served, never control requests, and resets everything', async () => {
    const sandbox = createSandbox();
    await sandbox.fetch(request(`${ORDER}?expand=1`));
    await sandbox.fetch(
      request(`${ORDER}/notes`, { method: 'POST', body: JSON.stringify({ note: { text: 'Logged' } }) }),
    );
    await control(sandbox, 'POST', 'faults', { path: '/nothing', status: 500 });
    const log = (await (await control(sandbox, 'GET', 'requests')).json()) as Record<string, unknown>[];
    assert.deepEqual(
      log.map(({ method, path, query, status }) => ({ method, path, query, status })),
      [
        { method: 'GET', path: ORDER, query: { expand: '1' }, status: 200 },
        { method: 'POST', path: `${ORDER}/notes`, query: {}, status: 201 },
      ],
    );
    assert.deepEqual(log[1]?.body, { note: { text: 'Logged' } });

    await control(sandbox, 'POST', 'config', { quoteTtlMs: 5 });
    assert.equal((await control(sandbox, 'POST', 'reset')).status, 204);
    assert.equal(sandbox.state.orders.get(SEED_IDS.orders.unallocated)?.employee_notes.length, 0);
    assert.equal(sandbox.requests().length, 0);
    assert.equal(sandbox.config.quoteTtlMs, 15 * 60 * 1000);
    assert.deepEqual(await (await control(sandbox, 'GET', 'faults')).json(), []);
    assert.equal((await control(sandbox, 'POST', 'unknown')).status, 404);
  });
});
