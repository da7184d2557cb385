/**
 * Browser tests move time rather than wait for it. The quote clocks read a fake clock the test
 * moves (`fakeQuoteTime`); the sandbox's clock is moved through its control API
 * (`sandbox.advanceClock`, `test/helpers/sandbox.ts`); and a wait for a timer that should never
 * fire runs on fake timers (`withFakeTimers`).
 */
import { createClock, install } from '@sinonjs/fake-timers';
import type { Clock, FakeMethod } from '@sinonjs/fake-timers';
import { setQuoteTime } from '../../src/shipping/quote-clock.js';

export interface FakeQuoteTime {
  /** The fake time, in epoch milliseconds. */
  readonly now: number;
  /** Moves the quote clocks on by `ms`, firing their timer on the way, and lets the page update. */
  tick(ms: number): Promise<void>;
}

let restoreFaked: (() => void) | undefined;

/** Returns the quote clocks to the page's own clock, if a test gave them a fake one: `afterEach(restoreQuoteTime)`. */
export function restoreQuoteTime(): void {
  restoreFaked?.();
  restoreFaked = undefined;
}

/**
 * Makes every quote clock on the page follow a fake clock that starts at the page's time now and
 * moves only when the test says, until `restoreQuoteTime()` (in the suite's `afterEach`).
 */
export function fakeQuoteTime(): FakeQuoteTime {
  restoreQuoteTime();
  const clock: Clock = createClock(Date.now());
  restoreFaked = setQuoteTime({
    now: () => clock.now,
    every: (ms, tick) => {
      const id = clock.setInterval(tick, ms);
      return () => clock.clearInterval(id);
    },
  });
  return {
    get now() {
      return clock.now;
    },
    tick: async (ms) => {
      await clock.tickAsync(ms);
      // The renders the timer asked for are done by the page's next task.
      await new Promise((resolve) => setTimeout(resolve));
    },
  };
}

/** The timers `withFakeTimers` takes over; promises and rendering keep the page's own. */
const FAKED: FakeMethod[] = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'];

/**
 * Runs `during` with the page's timers and `Date` replaced by a fake clock it may move
 * (`clock.tickAsync(ms)`), and puts the real ones back after, also when it throws.
 */
export async function withFakeTimers<T>(during: (clock: Clock) => Promise<T>): Promise<T> {
  const clock = install({ now: Date.now(), toFake: FAKED });
  try {
    return await during(clock);
  } finally {
    clock.uninstall();
  }
}
