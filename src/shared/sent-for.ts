/**
 * "This answer is for the item it was sent for": the one way a part keeps a request's answer, or
 * its failure, to the item (order, allocation, editor) it was sent for. A `Task` aborts the request
 * it supersedes; what it cannot know is that the element moved on to another item while the
 * request was out. The part notes the item as the request goes (`send`) and shows the answer only
 * while that item is still the one asked about (`isFor`); `forget()` (a new order shown) drops it.
 */
export class SentFor<K> {
  #key: K | undefined;
  #sent = false;

  /** Notes that a request for `key` goes now; an answer to an earlier one is no longer wanted. */
  send(key: K): K {
    this.#key = key;
    this.#sent = true;
    return key;
  }

  /** Whether the request last sent was for `key`, and has not been forgotten since. */
  isFor(key: K | undefined): boolean {
    return this.#sent && this.#key === key;
  }

  /** The item the last request was sent for, if any. */
  get key(): K | undefined {
    return this.#sent ? this.#key : undefined;
  }

  /** Drops the request: whatever answers it is not shown. */
  forget(): void {
    this.#key = undefined;
    this.#sent = false;
  }
}
