/**
 * Leaky-bucket limiter, one bucket per key, matching the API's own limit (5 requests per second,
 * bucket of 100). Keys are opaque strings; callers pass a digest, never a raw credential.
 */
export interface RateLimitOptions {
  /** Requests drained from the bucket per second. Default 5. */
  perSecond?: number;
  /** Bucket size: how many requests may arrive at once. Default 100. */
  burst?: number;
  /** Upper bound on tracked keys; idle buckets are dropped first. Default 10 000. */
  maxKeys?: number;
}

export class LeakyBucketLimiter {
  readonly perSecond: number;
  readonly burst: number;
  readonly #maxKeys: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, { level: number; at: number }>();

  constructor(options: RateLimitOptions = {}, now: () => number = Date.now) {
    this.perSecond = options.perSecond ?? 5;
    this.burst = options.burst ?? 100;
    this.#maxKeys = options.maxKeys ?? 10_000;
    if (!(this.perSecond > 0) || !(this.burst >= 1))
      throw new RangeError('rateLimit needs perSecond > 0 and burst >= 1');
    this.#now = now;
  }

  /**
   * Takes one slot for `key`. Returns 0 when the request may go, otherwise the number of
   * milliseconds until a slot frees up.
   */
  take(key: string): number {
    const now = this.#now();
    const bucket = this.#buckets.get(key);
    let level = 0;
    if (bucket) {
      level = Math.max(0, bucket.level - ((now - bucket.at) / 1000) * this.perSecond);
      this.#buckets.delete(key); // re-inserted below, so Map order stays least-recently-used first
    }
    if (level + 1 > this.burst) {
      this.#buckets.set(key, { level, at: now });
      return Math.ceil(((level + 1 - this.burst) / this.perSecond) * 1000);
    }
    this.#buckets.set(key, { level: level + 1, at: now });
    this.#evict();
    return 0;
  }

  #evict(): void {
    while (this.#buckets.size > this.#maxKeys) {
      const oldest = this.#buckets.keys().next();
      if (oldest.done) return;
      this.#buckets.delete(oldest.value);
    }
  }
}
