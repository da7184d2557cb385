import type { RateLimitSettings } from './state.js';

/** The live service's documented limit: a leaky bucket draining 5 requests/s, holding 100. */
export const LIVE_RATE_LIMIT: RateLimitSettings = { perSecond: 5, burst: 100 };

/** Leaky bucket: each request adds one; the level drains at `perSecond`; a full bucket refuses. */
export class LeakyBucket {
  private level = 0;
  private updatedAt: number | undefined;

  constructor(private readonly now: () => number) {}

  /** Whether a request arriving now may pass (and counts it when it does). */
  admit(settings: RateLimitSettings): boolean {
    const now = this.now();
    if (this.updatedAt !== undefined) {
      const drained = ((now - this.updatedAt) / 1000) * settings.perSecond;
      this.level = Math.max(0, this.level - drained);
    }
    this.updatedAt = now;
    if (this.level + 1 > settings.burst) return false;
    this.level += 1;
    return true;
  }

  reset(): void {
    this.level = 0;
    this.updatedAt = undefined;
  }
}

export function rateLimitSettings(value: boolean | RateLimitSettings): RateLimitSettings | undefined {
  if (value === false) return undefined;
  return value === true ? LIVE_RATE_LIMIT : value;
}
