import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createTokenExchangeHandler, type TokenExchangeOptions } from '../../src/server/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/seed-ids.js';

const SECRET = 'very-secret-client-secret';
const REDIRECT = 'https://shop.example/oauth-callback.html';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function stubUpstream(reply: () => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    seen.push({
      url: request.url,
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: text ? JSON.parse(text) : null,
    });
    return reply();
  };
  return { seen, fetch };
}

function makeHandler(
  reply: () => Response | Promise<Response>,
  overrides: Partial<TokenExchangeOptions> = {},
) {
  const upstream = stubUpstream(reply);
  const handler = createTokenExchangeHandler({
    apiBaseUrl: 'https://api.example/',
    clientId: 'client-1',
    clientSecret: SECRET,
    redirectUri: REDIRECT,
    allowedOrigins: ['https://shop.example'],
    authorize: () => 'user-1',
    fetch: upstream.fetch,
    ...overrides,
  });
  return { handler, upstream };
}

const tokenReply = () =>
  Response.json(
    {
      access_token: 'issued-token',
      token_type: 'bearer',
      created_at: 1_700_000_000,
      refresh_token: 'should-not-leak',
      scope: '',
      client_secret: SECRET,
    },
    { headers: { 'set-cookie': 'upstream=1' } },
  );

function post(
  handler: (request: Request) => Promise<Response>,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return handler(
    new Request('https://shop.example/api/oauth/exchange', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

describe('token exchange handler', () => {
  test('sends the code with the client secret upstream and returns only the token fields', async () => {
    const { handler, upstream } = makeHandler(tokenReply);
    const response = await post(
      handler,
      { code: 'abc123', redirect_uri: REDIRECT },
      { origin: 'https://shop.example' },
    );
    assert.equal(response.status, 200);
    const text = await response.text();
    assert.deepEqual(JSON.parse(text), {
      access_token: 'issued-token',
      token_type: 'bearer',
      created_at: 1_700_000_000,
    });
    assert.doesNotMatch(text, new RegExp(SECRET));
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(response.headers.get('set-cookie'), null);
    assert.equal(response.headers.get('access-control-allow-origin'), 'https://shop.example');

    assert.equal(upstream.seen.length, 1);
    const seen = upstream.seen[0]!;
    assert.equal(seen.method, 'POST');
    assert.equal(seen.url, 'https://api.example/oauth/token');
    assert.equal(seen.headers['accept'], 'application/json');
    assert.deepEqual(seen.body, {
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      client_id: 'client-1',
      client_secret: SECRET,
      code: 'abc123',
    });
  });

  test('a refused code is a 400 invalid_grant without the secret or upstream details', async () => {
    const { handler } = makeHandler(() =>
      Response.json(
        {
          error: 'invalid_grant',
          error_description: `code expired; client_secret=${SECRET}; internal trace xyz`,
        },
        { status: 400 },
      ),
    );
    const response = await post(handler, { code: 'used-code' });
    assert.equal(response.status, 400);
    const text = await response.text();
    assert.equal(JSON.parse(text).error, 'invalid_grant');
    assert.doesNotMatch(text, new RegExp(SECRET));
    assert.doesNotMatch(text, /internal trace/);
  });

  test('refused client credentials are a 502 for the browser and reported to onError', async () => {
    const errors: unknown[] = [];
    const { handler } = makeHandler(
      () =>
        Response.json(
          { error: 'invalid_client', error_description: `wrong secret ${SECRET}` },
          { status: 401 },
        ),
      { onError: (error) => errors.push(error) },
    );
    const response = await post(handler, { code: 'abc' });
    assert.equal(response.status, 502);
    assert.doesNotMatch(await response.text(), new RegExp(SECRET));
    assert.equal(errors.length, 1);
    assert.match(String(errors[0]), /client credentials/);
    assert.doesNotMatch(String(errors[0]), new RegExp(SECRET));
  });

  test('upstream failures are short 502/504 answers; the secret reaches neither the response nor onError', async () => {
    const errors: unknown[] = [];
    const replies: (() => Promise<Response>)[] = [
      () => Promise.resolve(new Response(`<html>${SECRET} stack trace</html>`, { status: 500 })),
      () => Promise.reject(new Error(`connect failed for ${SECRET}`)),
      () => Promise.resolve(Response.json({ token: 'wrong-shape', secret: SECRET })),
      () => Promise.resolve(new Response('not json', { status: 200 })),
    ];
    for (const reply of replies) {
      const { handler } = makeHandler(reply, { onError: (error) => errors.push(error) });
      const response = await post(handler, { code: 'abc' });
      assert.equal(response.status, 502);
      assert.doesNotMatch(await response.text(), new RegExp(SECRET));
    }
    assert.ok(errors.length >= 4);
    for (const error of errors) {
      assert.doesNotMatch(String(error), new RegExp(SECRET));
      assert.doesNotMatch(JSON.stringify(error, Object.getOwnPropertyNames(error)), new RegExp(SECRET));
    }
  });

  test('a hanging upstream times out with 504', async () => {
    const fetchHonouringAbort = (_input: Request | string | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const slow = createTokenExchangeHandler({
      apiBaseUrl: 'https://api.example',
      clientId: 'c',
      clientSecret: SECRET,
      redirectUri: REDIRECT,
      authorize: () => 'user-1',
      fetch: fetchHonouringAbort,
      timeoutMs: 20,
    });
    const response = await post(slow, { code: 'abc' });
    assert.equal(response.status, 504);
  });

  test('refuses methods other than POST with 405', async () => {
    const { handler, upstream } = makeHandler(tokenReply);
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await handler(
        new Request('https://shop.example/api/oauth/exchange?code=abc', { method }),
      );
      assert.equal(response.status, 405, method);
      assert.match(response.headers.get('allow') ?? '', /POST/);
    }
    assert.equal(upstream.seen.length, 0);
  });

  test('refuses bad bodies with 400 before calling upstream', async () => {
    const { handler, upstream } = makeHandler(tokenReply);
    const bad: [unknown, Record<string, string>?][] = [
      ['not json'],
      [[]],
      [null],
      ['"abc"'],
      [{}],
      [{ code: '' }],
      [{ code: 42 }],
      [{ code: 'a b' }],
      [{ code: 'x'.repeat(600) }],
      [{ code: 'abc', redirect_uri: 'https://evil.example/cb' }],
      [{ code: 'abc' }, { 'content-type': 'text/plain' }],
      [JSON.stringify({ code: 'abc', pad: 'x'.repeat(20_000) })],
    ];
    for (const [body, headers] of bad) {
      const response = await post(handler, body, headers);
      assert.equal(response.status, 400, JSON.stringify(body).slice(0, 60));
      assert.equal(((await response.json()) as { error: string }).error, 'invalid_request');
    }
    assert.equal(upstream.seen.length, 0);
  });

  test('answers CORS for configured origins only', async () => {
    const { handler, upstream } = makeHandler(tokenReply);
    const preflight = await handler(
      new Request('https://shop.example/api/oauth/exchange', {
        method: 'OPTIONS',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
      }),
    );
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'POST');

    const evilPreflight = await handler(
      new Request('https://shop.example/api/oauth/exchange', {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      }),
    );
    assert.equal(evilPreflight.status, 403);
    assert.equal(evilPreflight.headers.get('access-control-allow-origin'), null);

    const evilPost = await post(handler, { code: 'abc' }, { origin: 'https://evil.example' });
    assert.equal(evilPost.status, 403);
    assert.equal(upstream.seen.length, 0);
  });

  test('needs its configuration', () => {
    assert.throws(() =>
      createTokenExchangeHandler({
        apiBaseUrl: 'https://api.example',
        clientId: 'c',
        clientSecret: '',
        redirectUri: REDIRECT,
        authorize: () => 'user-1',
      }),
    );
    assert.throws(() =>
      createTokenExchangeHandler({
        apiBaseUrl: 'not a url',
        clientId: 'c',
        clientSecret: 's',
        redirectUri: REDIRECT,
        authorize: () => 'user-1',
      }),
    );
  });
});

describe('token exchange: who may exchange, PKCE, and an upstream that stalls', () => {
  const VERIFIER = 'v'.repeat(20) + '-._~' + 'A1'.repeat(12);

  test('creating it without authorize is a TypeError that says what to pass', () => {
    assert.throws(
      () =>
        createTokenExchangeHandler({
          apiBaseUrl: 'https://api.example',
          clientId: 'c',
          clientSecret: SECRET,
          redirectUri: REDIRECT,
        } as unknown as TokenExchangeOptions),
      (error: unknown) => error instanceof TypeError && /authorize/.test(error.message),
    );
  });

  test('a code posted by someone who is not signed in is refused before it is sent on', async () => {
    const { handler, upstream } = makeHandler(tokenReply, { authorize: () => null });
    const response = await post(handler, { code: 'stolen-code' });
    assert.equal(response.status, 401);
    assert.equal(upstream.seen.length, 0);
  });

  test('the code_verifier is forwarded; a malformed one is a 400 before anything is sent', async () => {
    const { handler, upstream } = makeHandler(tokenReply);
    const ok = await post(handler, { code: 'abc', redirect_uri: REDIRECT, code_verifier: VERIFIER });
    assert.equal(ok.status, 200);
    assert.equal((upstream.seen[0]?.body as Record<string, unknown>)['code_verifier'], VERIFIER);
    for (const bad of ['short', 'x'.repeat(129), `${'a'.repeat(43)} `, 42]) {
      const response = await post(handler, { code: 'abc', code_verifier: bad });
      assert.equal(response.status, 400, String(bad));
    }
    assert.equal(upstream.seen.length, 1);
  });

  test('client credentials are trimmed; a line break inside is a TypeError that does not repeat them', async () => {
    const { handler, upstream } = makeHandler(tokenReply, {
      clientId: ' client-1\n',
      clientSecret: `${SECRET}\n`,
    });
    assert.equal((await post(handler, { code: 'abc' })).status, 200);
    assert.deepEqual(
      [
        (upstream.seen[0]?.body as Record<string, unknown>)['client_id'],
        (upstream.seen[0]?.body as Record<string, unknown>)['client_secret'],
      ],
      ['client-1', SECRET],
    );
    assert.throws(
      () => makeHandler(tokenReply, { clientSecret: `${SECRET}\r\nx: 1` }),
      (error: unknown) =>
        error instanceof TypeError && /clientSecret/.test(error.message) && !error.message.includes(SECRET),
    );
  });

  test('an upstream that sends headers and then stalls is cut off by the same timeout (504)', async () => {
    const stalled = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"access_token":"'));
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    const { handler } = makeHandler(stalled, { timeoutMs: 200 });
    const started = performance.now();
    const response = await post(handler, { code: 'abc' });
    assert.equal(response.status, 504);
    assert.ok(performance.now() - started < 2_000);
  });

  test('an answer larger than the limit is a 502, read no further than the limit', async () => {
    let sent = 0;
    const endless = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            const chunk = new Uint8Array(64 * 1024).fill(32);
            sent += chunk.byteLength;
            controller.enqueue(chunk);
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    const { handler } = makeHandler(endless);
    const response = await post(handler, { code: 'abc' });
    assert.equal(response.status, 502);
    assert.ok(sent < 1024 * 1024, `${sent} bytes read`);
  });
});

describe('token exchange handler against the sandbox', () => {
  const SANDBOX = 'https://sandbox.example';

  function setup(clientSecret: string = SANDBOX_CREDENTIALS.clientSecret) {
    let now = Date.UTC(2025, 0, 1);
    const sandbox = createSandbox({ now: () => now });
    const sandboxFetch = (input: Request | string | URL, init?: RequestInit) =>
      sandbox.fetch(new Request(input, init));
    const handler = createTokenExchangeHandler({
      apiBaseUrl: SANDBOX,
      clientId: SANDBOX_CREDENTIALS.clientId,
      clientSecret,
      redirectUri: REDIRECT,
      authorize: () => 'user-1',
      fetch: sandboxFetch,
    });
    /** Approves on the sandbox's authorization page and returns the code from the redirect. */
    const approve = async (extra: Record<string, string> = {}) => {
      const form = new URLSearchParams({
        client_id: SANDBOX_CREDENTIALS.clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: '',
        state: 's1',
        decision: 'approve',
        ...extra,
      });
      const response = await sandboxFetch(`${SANDBOX}/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      const location = new URL(response.headers.get('location') ?? '');
      assert.equal(location.searchParams.get('state'), 's1');
      return location.searchParams.get('code') ?? '';
    };
    return { handler, approve, sandboxFetch, advance: (ms: number) => (now += ms) };
  }

  test('a fresh code becomes a token the API accepts', async () => {
    const { handler, approve, sandboxFetch } = setup();
    const response = await post(handler, { code: await approve() });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { access_token: string; token_type: string; created_at: number };
    assert.deepEqual(Object.keys(body).sort(), ['access_token', 'created_at', 'token_type']);
    const me = await sandboxFetch(`${SANDBOX}/current_user`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    assert.equal(me.status, 200);
  });

  test('a used code and an expired code are refused as invalid_grant', async () => {
    const { handler, approve, advance } = setup();
    const code = await approve();
    assert.equal((await post(handler, { code })).status, 200);
    const reused = await post(handler, { code });
    assert.equal(reused.status, 400);
    assert.equal(((await reused.json()) as { error: string }).error, 'invalid_grant');

    const late = await approve();
    advance(10 * 60 * 1000 + 1);
    const expired = await post(handler, { code: late });
    assert.equal(expired.status, 400);
    assert.equal(((await expired.json()) as { error: string }).error, 'invalid_grant');
  });

  test('PKCE: a code asked for with an S256 challenge needs its verifier', async () => {
    const { handler, approve, sandboxFetch } = setup();
    const verifier = 'pkce-verifier-'.padEnd(64, 'x');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code = await approve({ code_challenge: challenge, code_challenge_method: 'S256' });
    for (const wrong of [undefined, 'another-verifier-'.padEnd(64, 'y')]) {
      const refused = await post(handler, { code, ...(wrong ? { code_verifier: wrong } : {}) });
      assert.equal(refused.status, 400);
      assert.equal(((await refused.json()) as { error: string }).error, 'invalid_grant');
    }
    const response = await post(handler, { code, code_verifier: verifier });
    assert.equal(response.status, 200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    const me = await sandboxFetch(`${SANDBOX}/current_user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(me.status, 200);
  });

  test('PKCE: the approval page keeps the challenge; a plain or malformed challenge is refused', async () => {
    const { sandboxFetch } = setup();
    const challenge = createHash('sha256').update('v'.repeat(50)).digest('base64url');
    const query = (extra: Record<string, string>) =>
      new URLSearchParams({
        client_id: SANDBOX_CREDENTIALS.clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        state: 's',
        ...extra,
      });
    const page = await sandboxFetch(
      `${SANDBOX}/oauth/authorize?${query({ code_challenge: challenge, code_challenge_method: 'S256' })}`,
    );
    assert.equal(page.status, 200);
    assert.match(await page.text(), new RegExp(`name="code_challenge" value="${challenge}"`));
    const refused: Record<string, string>[] = [
      { code_challenge: challenge, code_challenge_method: 'plain' },
      { code_challenge: challenge },
      { code_challenge: 'short', code_challenge_method: 'S256' },
    ];
    for (const extra of refused) {
      assert.equal((await sandboxFetch(`${SANDBOX}/oauth/authorize?${query(extra)}`)).status, 400);
    }
  });

  test('a wrong client secret is a 502, never an answer that names the secret', async () => {
    const { handler, approve } = setup('not-the-secret');
    const response = await post(handler, { code: await approve() });
    assert.equal(response.status, 502);
    assert.doesNotMatch(await response.text(), /not-the-secret/);
  });
});
