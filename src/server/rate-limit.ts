import { createHash } from 'node:crypto';

/**
 * The proxy's rate limit: a leaky bucket per caller identity (what `authorize` returned),
 * matching the API's own limit (5 requests per second, bucket of 100). Buckets live in a store:
 * in memory for one proxy process, in Redis when several processes serve one site, so that
 * together they keep each identity to the limit.
 */
export interface RateLimitOptions {
  /** Requests drained from the bucket per second. Default 5. */
  perSecond?: number;
  /** Bucket size: how many requests may arrive at once. Default 100. */
  burst?: number;
  /** Where the buckets live. Default: a `MemoryRateLimitStore` of this proxy's own. */
  store?: RateLimitStore;
}

export interface RateLimitRule {
  perSecond: number;
  burst: number;
}

/** Keeps leaky buckets. Keys are opaque digests, never a raw identity or credential. */
export interface RateLimitStore {
  /**
   * Takes one slot of the bucket for `key`. Resolves 0 when the request may go, otherwise the
   * number of milliseconds until a slot frees up (the slot is then not taken).
   */
  take(key: string, rule: RateLimitRule): Promise<number> | number;
}

export function rateLimitRule(options: RateLimitOptions): RateLimitRule {
  const rule = { perSecond: options.perSecond ?? 5, burst: options.burst ?? 100 };
  if (!(rule.perSecond > 0) || !(rule.burst >= 1) || !Number.isFinite(rule.burst))
    throw new RangeError('rateLimit needs perSecond > 0 and a finite burst >= 1');
  return rule;
}

/** The store key for an identity: a digest, so the store never holds a user's name or id. */
export function identityKey(identity: string): string {
  return createHash('sha256').update(`identity:${identity}`).digest('hex');
}

export interface MemoryRateLimitStoreOptions {
  /** Clock in milliseconds. Default `Date.now`. */
  now?: () => number;
  /**
   * Number of buckets above which drained buckets are swept out. Default 10 000. Only empty
   * buckets are ever dropped, so the store may hold more than this while that many identities
   * are busy at once; it then sweeps again at twice the size.
   */
  sweepAbove?: number;
}

/**
 * Buckets in this process's memory: right for a single proxy process. A bucket is forgotten
 * only once it has drained completely, when forgetting it changes nothing; a busy identity
 * never gets a fresh bucket, however many other identities come and go.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #now: () => number;
  readonly #sweepAbove: number;
  #nextSweep: number;
  /** key → the time the bucket is empty again and the level it had when last touched. */
  readonly #buckets = new Map<string, { level: number; at: number; emptyAt: number }>();

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#sweepAbove = Math.max(1, options.sweepAbove ?? 10_000);
    this.#nextSweep = this.#sweepAbove;
  }

  /** How many buckets are held (for tests and monitoring). */
  get size(): number {
    return this.#buckets.size;
  }

  take(key: string, rule: RateLimitRule): number {
    const now = this.#now();
    const bucket = this.#buckets.get(key);
    const level = bucket ? Math.max(0, bucket.level - ((now - bucket.at) / 1000) * rule.perSecond) : 0;
    if (level + 1 > rule.burst) {
      this.#set(key, level, now, rule);
      return Math.ceil(((level + 1 - rule.burst) / rule.perSecond) * 1000);
    }
    this.#set(key, level + 1, now, rule);
    if (this.#buckets.size > this.#nextSweep) this.#sweep(now);
    return 0;
  }

  #set(key: string, level: number, at: number, rule: RateLimitRule): void {
    this.#buckets.set(key, { level, at, emptyAt: at + (level / rule.perSecond) * 1000 });
  }

  #sweep(now: number): void {
    for (const [key, bucket] of this.#buckets) if (bucket.emptyAt <= now) this.#buckets.delete(key);
    this.#nextSweep = Math.max(this.#sweepAbove, this.#buckets.size * 2);
  }
}

/**
 * The part of a Redis client the store uses: `eval` and `evalsha` as ioredis spells them
 * (`client.evalsha(sha, numKeys, ...keysAndArgs)`). An `ioredis` `Redis` or `Cluster` instance
 * fits as it is; another client needs a two-line adapter.
 */
export interface RedisScriptClient {
  evalsha(sha1: string, numKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
  eval(script: string, numKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
}

export interface RedisRateLimitStoreOptions {
  /** A connected Redis client, e.g. `new Redis(process.env.REDIS_URL)` from `ioredis`. */
  client: RedisScriptClient;
  /** Prefix of the keys the store writes. Default `ops-proxy:rate:`. */
  prefix?: string;
}

/**
 * One atomic step of the leaky bucket, run inside Redis so that concurrent proxies cannot both
 * take the last slot. Time comes from the Redis server, so the proxies' clocks do not matter.
 * A bucket expires once it would have drained, so idle identities cost no memory.
 */
const LEAKY_BUCKET_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local stored = redis.call('HMGET', KEYS[1], 'level', 'at')
local level = tonumber(stored[1]) or 0
local at = tonumber(stored[2]) or now
level = math.max(0, level - math.max(0, now - at) / 1000 * rate)
local wait = 0
if level + 1 > burst then
  wait = math.ceil((level + 1 - burst) / rate * 1000)
else
  level = level + 1
end
redis.call('HSET', KEYS[1], 'level', tostring(level), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(level / rate * 1000) + 1000)
return wait
`;

const SCRIPT_SHA1 = createHash('sha1').update(LEAKY_BUCKET_SCRIPT).digest('hex');

/**
 * Buckets in Redis, shared by every proxy process that uses the same Redis: one identity is
 * kept to the limit across all of them. Each take is one `EVALSHA` round trip (the script is
 * loaded on first use). When Redis cannot be reached the proxy answers 503 rather than let
 * requests through unlimited.
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #client: RedisScriptClient;
  readonly #prefix: string;

  constructor(options: RedisRateLimitStoreOptions) {
    if (typeof options?.client?.evalsha !== 'function' || typeof options.client.eval !== 'function') {
      throw new TypeError(
        'RedisRateLimitStore needs { client }: a Redis client with eval and evalsha (ioredis)',
      );
    }
    this.#client = options.client;
    this.#prefix = options.prefix ?? 'ops-proxy:rate:';
  }

  async take(key: string, rule: RateLimitRule): Promise<number> {
    const args = [this.#prefix + key, rule.perSecond, rule.burst] as const;
    let reply: unknown;
    try {
      reply = await this.#client.evalsha(SCRIPT_SHA1, 1, ...args);
    } catch (error) {
      if (!String((error as { message?: unknown } | null)?.message ?? '').includes('NOSCRIPT')) throw error;
      reply = await this.#client.eval(LEAKY_BUCKET_SCRIPT, 1, ...args);
    }
    const wait = Number(reply);
    if (!Number.isFinite(wait) || wait < 0) throw new Error('Unexpected answer from the rate-limit script');
    return wait;
  }
}
