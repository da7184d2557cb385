import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { Hono } from 'hono';
import { createApiProxy, serveNode, type NodeServerHandle } from '../../src/server/index.js';

/** Sends a request with the target exactly as given (no URL normalisation on the way). */
function rawRequest(
  base: string,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: target,
        headers: options.headers,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('API proxy on Node, in front of a real upstream', () => {
  const received: { method: string; path: string; query: string; apiKey: string | undefined }[] = [];
  let upstream: NodeServerHandle;
  let proxy: NodeServerHandle;

  before(async () => {
    const app = new Hono();
    app.all('*', (c) => {
      const url = new URL(c.req.url);
      received.push({
        method: c.req.method,
        path: url.pathname,
        query: url.search,
        apiKey: c.req.header('x-api-key'),
      });
      c.header('x-total-count', '3');
      c.header('set-cookie', 'upstream=1');
      return c.json([{ id: 1 }, { id: 2 }, { id: 3 }]);
    });
    upstream = await serveNode((request) => Promise.resolve(app.fetch(request)));
    proxy = await serveNode(
      createApiProxy({
        upstream: upstream.url,
        authorize: () => 'user-1',
        apiKey: 'server-api-key',
        allowedOrigins: ['https://shop.example'],
      }),
    );
  });

  after(async () => {
    await proxy.close();
    await upstream.close();
  });

  test('forwards an allowed request over HTTP with the key and the pagination headers', async () => {
    const response = await fetch(`${proxy.url}/orders?page=1`, {
      headers: { origin: 'https://shop.example', 'x-api-key': 'browser-key' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-total-count'), '3');
    assert.equal(response.headers.get('set-cookie'), null);
    assert.equal(response.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.deepEqual(await response.json(), [{ id: 1 }, { id: 2 }, { id: 3 }]);
    assert.deepEqual(received.at(-1), {
      method: 'GET',
      path: '/orders',
      query: '?page=1',
      apiKey: 'server-api-key',
    });
  });

  const attempts = [
    '/orders/../admin',
    '/orders/..',
    '/orders/%2e%2e/x',
    '/orders/%2E%2E/orders/1',
    '/orders/.%2e/orders/1',
    '/orders/1%2Fallocations',
    '/orders/1%2fallocations',
    '//evil.test/orders',
    '/orders/1\\x',
    '/orders/1%5cx',
    'http://evil.test/orders',
    'https://evil.test/orders',
    '/./orders',
    '/orders//1',
    '*',
  ];
  for (const attempt of attempts) {
    test(`refuses the raw target ${attempt}`, async () => {
      const before = received.length;
      const response = await rawRequest(proxy.url, attempt);
      assert.equal(response.status, 404);
      assert.equal(received.length, before, 'nothing reached the upstream');
    });
  }

  test('a POST body reaches the upstream once; an oversized one never does', async () => {
    const before = received.length;
    const ok = await rawRequest(proxy.url, '/orders/7/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: { text: 'hello' } }),
    });
    assert.equal(ok.status, 200);
    const big = await rawRequest(proxy.url, '/orders/7/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 10),
    });
    assert.equal(big.status, 413);
    assert.equal(received.length, before + 1);
  });
});
