/**
 * The one clock quotes expire by. Every element that shows quotes follows their expiry through a
 * `QuoteClock`, and every clock on the page is moved on by one module-level timer that runs only
 * while some clock has a quote still to expire: a page with a rate picker, a label downloader and
 * a batch has one timer, not three.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Time left before expiry at which `onOneMinuteLeft` is called once. */
const ONE_MINUTE_MS = 60_000;
const TICK_MS = 1000;

/**
 * Where the quote clocks read the time and keep their timer: the page's own clock, unless a test
 * hands them one it moves itself (`setQuoteTime`).
 */
export interface QuoteTime {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `tick` every `ms` milliseconds until the function it gives back is called. */
  every(ms: number, tick: () => void): () => void;
}

const pageTime: QuoteTime = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const id = setInterval(tick, ms);
    return () => clearInterval(id);
  },
};

let time = pageTime;
const running = new Set<QuoteClock>();
let stopTimer: (() => void) | undefined;

function startTimer(): void {
  stopTimer ??= time.every(TICK_MS, tickAll);
}

function endTimer(): void {
  stopTimer?.();
  stopTimer = undefined;
}

/**
 * Makes every quote clock on the page read `source` (a test's fake clock) from now on; gives back a
 * function that returns them to the page's own clock.
 */
export function setQuoteTime(source: QuoteTime): () => void {
  const follow = (next: QuoteTime): void => {
    endTimer();
    time = next;
    if (running.size > 0) startTimer();
  };
  follow(source);
  return () => follow(pageTime);
}

/**
 * Milliseconds since the epoch, or NaN when there is no time: `timeOf` of quote-ranking.ts, which
 * this module does not import, so an element that follows quotes without listing them (a label
 * downloader, a picker before its first rates) holds no ranking.
 */
const timeOf = (iso: string | null | undefined): number => (iso ? Date.parse(iso) : Number.NaN);

function tickAll(): void {
  const now = time.now();
  for (const clock of [...running]) clock.tick(now);
  if (running.size === 0) endTimer();
}

/** When the quotes shown expire (ISO 8601), one time or several; null or undefined where none say. */
export type QuoteExpiry = string | null | undefined | ReadonlyArray<string | null | undefined>;

export interface QuoteClockOptions {
  /**
   * When the quotes shown expire, asked before each render: only for a host that does not hand the
   * clock its quotes' expiry with `watch()`.
   */
  expiresAt?: () => QuoteExpiry;
  /** Update the host every second (a visible countdown), rather than only as a quote expires. */
  countdown?: boolean;
  /** Called once as the earliest quote's last minute starts. */
  onOneMinuteLeft?: () => void;
  /** Called once as the earliest quote expires. */
  onExpired?: () => void;
}

export class QuoteClock implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: QuoteClockOptions;
  #now = time.now();
  #connected = false;

  /** The expiry the host last handed over with `watch()`. */
  #watched: QuoteExpiry;

  constructor(host: ReactiveControllerHost, options: QuoteClockOptions = {}) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /**
   * The expiry of the quotes the host shows now, handed over as a value in each `willUpdate` (the
   * clock follows it in its `hostUpdate`, which comes next): none (undefined) stops it.
   */
  watch(expiresAt: QuoteExpiry): void {
    this.#watched = expiresAt;
  }

  /** The time the host last rendered by. */
  get now(): number {
    return this.#now;
  }

  /** Milliseconds left until the earliest quote expires; NaN when no quote says. */
  get msLeft(): number {
    const deadlines = this.#deadlines();
    return deadlines.length ? Math.min(...deadlines) - this.#now : Number.NaN;
  }

  /** Whether the earliest quote has expired (false when no quote says when it expires). */
  get expired(): boolean {
    return this.msLeft <= 0;
  }

  /** Whether a quote that expires at `iso` has expired. */
  isExpired(iso: string | null | undefined): boolean {
    return timeOf(iso) <= this.#now;
  }

  hostConnected(): void {
    this.#connected = true;
    this.#follow();
  }

  hostDisconnected(): void {
    this.#connected = false;
    running.delete(this);
  }

  /** Before each render: quotes may have arrived or gone, so the clock starts or stops following. */
  hostUpdate(): void {
    this.#follow();
  }

  /** Moves the clock on to `now` (the shared timer calls it every second). */
  tick(now: number): void {
    const before = this.#now;
    this.#now = now;
    const deadlines = this.#deadlines();
    const crossed = deadlines.some((deadline) => deadline > before && deadline <= now);
    if (this.#options.countdown || crossed) this.#host.requestUpdate();
    if (deadlines.length > 0) {
      const earliest = Math.min(...deadlines);
      if (earliest > before && earliest <= now) this.#options.onExpired?.();
      else if (earliest - before > ONE_MINUTE_MS && earliest - now <= ONE_MINUTE_MS) {
        this.#options.onOneMinuteLeft?.();
      }
    }
    if (!deadlines.some((deadline) => deadline > now)) running.delete(this);
  }

  #deadlines(): number[] {
    const value = this.#options.expiresAt ? this.#options.expiresAt() : this.#watched;
    const times = typeof value === 'string' || value == null ? [value] : value;
    return times.map(timeOf).filter(Number.isFinite);
  }

  /** Joins the shared timer while a quote is still to expire; reads the time afresh when idle. */
  #follow(): void {
    if (!running.has(this)) this.#now = time.now();
    if (this.#connected && this.#deadlines().some((deadline) => deadline > this.#now)) {
      running.add(this);
      startTimer();
    } else {
      running.delete(this);
    }
  }
}
