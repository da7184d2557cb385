/**
 * Counts down to the moment quotes expire and keeps the line a screen reader speaks: the element
 * says when rates arrive, the countdown says when one minute is left and when they have expired,
 * never every second.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { timeOf } from './quote-list.js';

/** Time left before expiry at which the countdown is announced once. */
const ANNOUNCE_AT_MS = 60_000;

export interface ExpiryOptions {
  /** When the quotes shown expire, or null/undefined while there are none or they do not say. */
  expiresAt: () => string | null | undefined;
  /** The words spoken as time runs out, in the host's current language. */
  messages: () => { oneMinuteLeft: string; expired: string };
}

export class ExpiryController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: ExpiryOptions;
  #timer: ReturnType<typeof setInterval> | undefined;
  #now = Date.now();
  #announcement = '';

  constructor(host: ReactiveControllerHost, options: ExpiryOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** What the live region says. */
  get announcement(): string {
    return this.#announcement;
  }

  /** Milliseconds left until expiry as of the last tick; NaN when the quotes do not say. */
  get msLeft(): number {
    return timeOf(this.#options.expiresAt() ?? null) - this.#now;
  }

  get expired(): boolean {
    return this.msLeft <= 0;
  }

  hostConnected(): void {
    this.start();
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** Sets what the live region says. */
  announce(message: string): void {
    if (message === this.#announcement) return;
    this.#announcement = message;
    this.#host.requestUpdate();
  }

  /** Reads the clock now, for quotes that just arrived. */
  resetClock(): void {
    this.#now = Date.now();
    this.#host.requestUpdate();
  }

  /** Ticks every second until expiry, when there are quotes that expire and have not yet. */
  start(): void {
    this.stop();
    if (!this.#options.expiresAt() || this.expired) return;
    this.#timer = setInterval(() => this.#tick(), 1000);
  }

  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Moves the clock on; speaks only when one minute is left and when the quotes expire. */
  #tick(): void {
    const text = this.#options.messages();
    const before = this.msLeft;
    this.#now = Date.now();
    this.#host.requestUpdate();
    const left = this.msLeft;
    if (left <= 0) {
      this.stop();
      this.announce(text.expired);
    } else if (before > ANNOUNCE_AT_MS && left <= ANNOUNCE_AT_MS) {
      this.announce(text.oneMinuteLeft);
    }
  }
}
