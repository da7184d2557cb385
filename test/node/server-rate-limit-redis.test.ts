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
