import { sleep } from './abort.js';

export interface RateLimitOptions {
  /** Steady rate, requests per second. The live API allows 5. */
  perSecond?: number;
  /** How many requests may go at once before the steady rate applies. The live API allows 100. */
  burst?: number;
}

export const DEFAULT_RATE_LIMIT: Required<RateLimitOptions> = { perSecond: 5, burst: 100 };

/**
 * Token bucket matching the API's leaky bucket, so that a busy page slows itself down instead
 * of collecting 429s. Each request takes a token; when none is left it reserves the next one
 * and waits for it, which keeps requests in the order they asked.
 */
export class TokenBucket {
  readonly #perSecond: number;
  readonly #burst: number;
  readonly #now: () => number;
  #tokens: number;
  #updatedAt: number;

  constructor({ perSecond, burst }: Required<RateLimitOptions>, now: () => number = () => performance.now()) {
    if (!(perSecond > 0) || !(burst >= 1)) {
      throw new RangeError('rateLimit needs perSecond > 0 and burst >= 1');
    }
    this.#perSecond = perSecond;
    this.#burst = burst;
    this.#now = now;
    this.#tokens = burst;
    this.#updatedAt = now();
  }

  /** Resolves when the caller may send; rejects with the signal's reason if aborted meanwhile. */
  async take(signal?: AbortSignal): Promise<void> {
    this.#refill();
    this.#tokens -= 1;
    if (this.#tokens >= 0) return;
    const waitMs = (-this.#tokens / this.#perSecond) * 1000;
    try {
      await sleep(waitMs, signal);
    } catch (error) {
      // Give the reservation back: the request it was for will never be sent.
      this.#tokens += 1;
      throw error;
    }
  }

  #refill(): void {
    const now = this.#now();
    const elapsedSeconds = (now - this.#updatedAt) / 1000;
    this.#updatedAt = now;
    this.#tokens = Math.min(this.#burst, this.#tokens + elapsedSeconds * this.#perSecond);
  }
}
