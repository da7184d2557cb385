import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createApiProxy, RedisRateLimitStore, type ApiProxyOptions } from '../../src/server/index.js';
import { startRedisServer, type RedisServerHandle } from './helpers/redis-server.js';

/**
 * The shared rate limit against a real redis-server: several proxy processes (here, two proxy
 * instances with a Redis connection each) keep one identity to one limit together.
 */

let redis: RedisServerHandle;
before(async () => {
  redis = await startRedisServer();
});
after(async () => {
  await redis.stop();
});

function proxyInstance(store: RedisRateLimitStore, overrides: Partial<ApiProxyOptions> = {}) {
  let forwarded = 0;
  const proxy = createApiProxy({
    upstream: 'https://api.example',
    authorize: (request) => request.headers.get('x-user'),
    apiKey: 'server-api-key',
    allowedOrigins: [],
    // One slot drains every 100 s: nothing drains while a test runs.
    rateLimit: { burst: 10, perSecond: 0.01, store },
    fetch: () => {
      forwarded += 1;
      return Promise.resolve(Response.json({}));
    },
    ...overrides,
  });
  return {
    get forwarded() {
      return forwarded;
    },
    call: (user: string) => proxy(new Request('https://proxy.example/tags', { headers: { 'x-user': user } })),
  };
}

describe('RedisRateLimitStore with a real redis-server', () => {
  test('two proxy instances sharing one Redis keep one identity to one limit together', async () => {
    const a = proxyInstance(new RedisRateLimitStore({ client: redis.client(), prefix: 't1:' }));
    const b = proxyInstance(new RedisRateLimitStore({ client: redis.client(), prefix: 't1:' }));
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await (i % 2 === 0 ? a : b).call('alice')).status);
    assert.equal(statuses.filter((status) => status === 200).length, 10);
    assert.equal(statuses.filter((status) => status === 429).length, 20);
    assert.equal(a.forwarded + b.forwarded, 10);
    // Another identity has a bucket of its own.
    assert.equal((await b.call('bob')).status, 200);
  });

  test('concurrent requests through both instances cannot both take the last slot', async () => {
    const a = proxyInstance(new RedisRateLimitStore({ client: redis.client(), prefix: 't2:' }));
    const b = proxyInstance(new RedisRateLimitStore({ client: redis.client(), prefix: 't2:' }));
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? a : b).call('carol')),
    );
    assert.equal(responses.filter((response) => response.status === 200).length, 10);
  });

  test('buckets expire once drained, and keys hold a digest, not the identity', async () => {
    const client = redis.client();
    const a = proxyInstance(new RedisRateLimitStore({ client, prefix: 't3:' }), {
      rateLimit: { burst: 10, perSecond: 5, store: new RedisRateLimitStore({ client, prefix: 't3:' }) },
    });
    await a.call('dave@example.com');
    const keys = await client.keys('t3:*');
    assert.equal(keys.length, 1);
    assert.ok(!keys[0]!.includes('dave'));
    const ttl = await client.pttl(keys[0]!);
    assert.ok(ttl > 0 && ttl <= 1_200, `ttl ${ttl}`);
  });

  test('the script is loaded again after Redis forgets it (SCRIPT FLUSH)', async () => {
    const client = redis.client();
    const a = proxyInstance(new RedisRateLimitStore({ client, prefix: 't4:' }));
    assert.equal((await a.call('erin')).status, 200);
    await client.script('FLUSH');
    assert.equal((await a.call('erin')).status, 200);
  });

  test('when Redis cannot be reached the proxy answers 503 instead of letting requests through', async () => {
    const errors: unknown[] = [];
    // Nothing listens on port 1; commands fail at once instead of queueing.
    const unreachable = await import('ioredis').then(
      ({ Redis }) =>
        new Redis({
          host: '127.0.0.1',
          port: 1,
          maxRetriesPerRequest: 0,
          enableOfflineQueue: false,
          lazyConnect: true,
        }),
    );
    unreachable.on('error', () => undefined);
    const a = proxyInstance(new RedisRateLimitStore({ client: unreachable }), {
      onError: (error) => errors.push(error),
    });
    const response = await a.call('frank');
    assert.equal(response.status, 503);
    assert.equal(a.forwarded, 0);
    assert.equal(errors.length, 1);
    unreachable.disconnect();
  });
});

/**
 * A Redis that stalls or dies must not hold requests: every store call is bounded (about a
 * second) and answered 503. These run against their own redis-server, which they pause, kill
 * and start again.
 */
describe('a stalled or dead Redis never hangs the proxy', () => {
  let own: RedisServerHandle;
  before(async () => {
    own = await startRedisServer();
  });
  after(async () => {
    await own.stop();
  });

  async function timed(call: () => Promise<Response>): Promise<{ status: number; ms: number }> {
    const started = performance.now();
    const response = await call();
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  }

  test('paused with SIGSTOP: 503 within about a second, with ioredis at its defaults; then 200 again', async () => {
    const errors: unknown[] = [];
    // ioredis as `new Redis(url)` makes it: offline queue on, 20 retries per request.
    const a = proxyInstance(new RedisRateLimitStore({ client: own.client(), prefix: 'p1:' }), {
      onError: (error) => errors.push(error),
    });
    assert.equal((await a.call('gina')).status, 200);
    own.pause();
    try {
      const answers = await Promise.all([timed(() => a.call('gina')), timed(() => a.call('hugo'))]);
      for (const answer of answers) {
        assert.equal(answer.status, 503);
        assert.ok(answer.ms < 2_000, `answered after ${Math.round(answer.ms)} ms`);
      }
      assert.equal(a.forwarded, 1);
      assert.ok(errors.length >= 2);
      assert.match(String((errors[0] as Error).message), /did not answer within 1000 ms/);
    } finally {
      own.resume();
    }
    assert.equal((await a.call('gina')).status, 200);
  });

  test('killed, then restarted: 503 at once or within the bound, then 200 once Redis is back', async () => {
    const failFast = own.client({
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 1_000,
      commandTimeout: 500,
    });
    const defaults = own.client();
    // With the offline queue off, commands fail until the connection is up.
    if (failFast.status !== 'ready') await new Promise((resolve) => failFast.once('ready', resolve));
    const fast = proxyInstance(new RedisRateLimitStore({ client: failFast, prefix: 'k1:' }));
    const slow = proxyInstance(new RedisRateLimitStore({ client: defaults, prefix: 'k1:' }));
    assert.equal((await fast.call('ivan')).status, 200);
    assert.equal((await slow.call('ivan')).status, 200);
    await own.kill();
    for (const instance of [fast, slow]) {
      const answer = await timed(() => instance.call('ivan'));
      assert.equal(answer.status, 503);
      assert.ok(answer.ms < 2_000, `answered after ${Math.round(answer.ms)} ms`);
    }
    const withOfflineQueueOff = await timed(() => fast.call('ivan'));
    assert.equal(withOfflineQueueOff.status, 503);
    assert.ok(withOfflineQueueOff.ms < 200, `answered after ${Math.round(withOfflineQueueOff.ms)} ms`);
    await own.restart();
    // Both clients reconnect by themselves; the restarted server has lost the buckets.
    const deadline = Date.now() + 10_000;
    for (const instance of [fast, slow]) {
      let status = 0;
      while (status !== 200 && Date.now() < deadline) {
        status = (await instance.call('ivan')).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(status, 200);
    }
    assert.equal(fast.forwarded + slow.forwarded, 4);
  });

  test('a store that never answers is cut off after storeTimeoutMs', async () => {
    const neverAnswers = { take: () => new Promise<number>(() => undefined) };
    const a = proxyInstance(new RedisRateLimitStore({ client: own.client(), prefix: 'n1:' }), {
      rateLimit: { store: neverAnswers },
      storeTimeoutMs: 150,
    });
    const answer = await timed(() => a.call('judy'));
    assert.equal(answer.status, 503);
    assert.ok(answer.ms < 1_000, `answered after ${Math.round(answer.ms)} ms`);
    assert.equal(a.forwarded, 0);
  });
});
