/**
 * Tells a barcode scanner from a person at the keyboard. A scanner in keyboard mode "types" a
 * burst of characters a few milliseconds apart and ends it with Enter (some with Tab); a person
 * types a key every 100 ms or more. Pure logic over key facts, so it is tested without a page.
 */

/** The facts of one `keydown` the decoder needs. */
export interface KeyFact {
  key: string;
  code: string;
  /** `event.timeStamp`, in milliseconds. */
  time: number;
  /** Ctrl, Alt or Meta held: a shortcut, never part of a scan. */
  withCommand: boolean;
}

/** What to do with a key: leave it to the page, keep it from the page, or keep it and take a scan. */
export type KeyVerdict = { kind: 'pass' } | { kind: 'hold' } | { kind: 'scan'; code: string };

/** At least this many characters make a scan. */
export const MIN_SCAN_LENGTH = 4;
/** The keys of a scan come at most this far apart on average. */
export const MAX_AVERAGE_GAP_MS = 30;
/** The ending Enter or Tab comes at most this long after the last character. */
export const MAX_END_GAP_MS = 100;

/**
 * The character a key types for a scan: digits from `event.code` (`Digit0`–`Digit9`,
 * `Numpad0`–`Numpad9`), so AZERTY and other layouts, where the digit row types other characters
 * without Shift, read the same code; any other printable key as its `key`. Null for keys that type
 * nothing (Shift, arrows, …).
 */
export function scanCharacter(key: string, code: string): string | null {
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(code)?.[1];
  if (digit !== undefined) return digit;
  return key.length === 1 ? key : null;
}

export class ScanDecoder {
  #characters: string[] = [];
  #first = 0;
  #last = 0;

  /** Forgets a burst in progress (focus moved to a field, the element left the page). */
  reset(): void {
    this.#characters = [];
  }

  /** Whether the keys so far come as fast as a scanner types. */
  #isBurst(): boolean {
    const count = this.#characters.length;
    return count >= MIN_SCAN_LENGTH && (this.#last - this.#first) / (count - 1) <= MAX_AVERAGE_GAP_MS;
  }

  /** The verdict on one key. Once a burst is recognised, its keys and its end are held from the page. */
  take(fact: KeyFact): KeyVerdict {
    if (fact.withCommand) {
      this.reset();
      return { kind: 'pass' };
    }
    if (fact.key === 'Enter' || fact.key === 'Tab') {
      const scanned = this.#isBurst() && fact.time - this.#last <= MAX_END_GAP_MS;
      const code = this.#characters.join('');
      this.reset();
      return scanned ? { kind: 'scan', code } : { kind: 'pass' };
    }
    const character = scanCharacter(fact.key, fact.code);
    if (character === null) return this.#isBurst() ? { kind: 'hold' } : { kind: 'pass' };
    if (this.#characters.length > 0 && fact.time - this.#last > MAX_END_GAP_MS) this.reset();
    if (this.#characters.length === 0) this.#first = fact.time;
    this.#characters.push(character);
    this.#last = fact.time;
    return this.#isBurst() ? { kind: 'hold' } : { kind: 'pass' };
  }
}
