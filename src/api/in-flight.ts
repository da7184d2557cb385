import { abortedError } from './abort.js';

interface Entry<T> {
  controller: AbortController;
  promise: Promise<T>;
  callers: number;
}

/**
 * Shares identical requests that are in flight: the second caller waits for the first one's
 * network request instead of sending its own. Each caller can still abort: it stops waiting
 * at once, and the network request is cancelled only when every caller has aborted.
 */
export class InFlight<T> {
  readonly #entries = new Map<string, Entry<T>>();

  run(key: string, signal: AbortSignal | undefined, start: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortedError());
    let entry = this.#entries.get(key);
    if (!entry) {
      const controller = new AbortController();
      const created: Entry<T> = { controller, promise: start(controller.signal), callers: 0 };
      const forget = () => {
        if (this.#entries.get(key) === created) this.#entries.delete(key);
      };
      created.promise.then(forget, forget);
      this.#entries.set(key, created);
      entry = created;
    }
    return this.#join(key, entry, signal);
  }

  #join(key: string, entry: Entry<T>, signal: AbortSignal | undefined): Promise<T> {
    entry.callers += 1;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        reject(abortedError());
        entry.callers -= 1;
        if (entry.callers === 0) {
          if (this.#entries.get(key) === entry) this.#entries.delete(key);
          entry.controller.abort(abortedError());
        }
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      entry.promise.then(
        (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }
}
