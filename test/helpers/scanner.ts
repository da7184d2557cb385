/**
 * Browser-test helpers for a barcode scanner in keyboard mode: a burst of keys typed through the
 * browser's own input (`sendKeys`), and whether the keys came as fast as a scanner types them (on
 * a loaded machine they may not, and such a try is rightly not a scan).
 */
import { sendKeys } from '@web/test-runner-commands';

/** A scanner in keyboard mode: the code typed as one burst, then Enter (or Tab). */
export async function scanWithScanner(code: string, end: 'Enter' | 'Tab' = 'Enter'): Promise<void> {
  if (end === 'Enter') {
    await sendKeys({ type: `${code}\n` });
    return;
  }
  await sendKeys({ type: code });
  await sendKeys({ press: 'Tab' });
}

/** The keydowns the page saw while `type` ran: their keys and times. */
export async function typedAt(type: () => Promise<void>): Promise<Array<{ key: string; time: number }>> {
  const keys: Array<{ key: string; time: number }> = [];
  const record = (event: KeyboardEvent) => keys.push({ key: event.key, time: event.timeStamp });
  document.addEventListener('keydown', record, true);
  try {
    await type();
  } finally {
    document.removeEventListener('keydown', record, true);
  }
  return keys;
}

/**
 * Whether keys came as a scanner types them: ≥ 4 characters ≤ 30 ms apart on average, none more
 * than 100 ms after the one before (a longer pause starts a new burst), the end within 100 ms.
 */
export function asFastAsAScanner(keys: Array<{ key: string; time: number }>): boolean {
  const characters = keys.filter((entry) => entry.key.length === 1);
  const end = keys.at(-1);
  const first = characters[0];
  const last = characters.at(-1);
  if (!end || !first || !last || characters.length < 4) return false;
  const paused = characters.some(
    (entry, index) => index > 0 && entry.time - characters[index - 1]!.time > 100,
  );
  return !paused && (last.time - first.time) / (characters.length - 1) <= 30 && end.time - last.time <= 100;
}

/** Tries at a burst in a scanner's time: a machine running two suites at once may slow several in a row. */
export const SCAN_TRIES = 8;

/**
 * A scan with the scanner, typed again (`SCAN_TRIES` at most) while the keys came slower than a
 * scanner types them: the page rightly takes such keys for a person typing, and counts nothing.
 */
export async function scanUntilInTime(code: string): Promise<void> {
  for (let attempt = 0; attempt < SCAN_TRIES; attempt += 1) {
    if (asFastAsAScanner(await typedAt(() => scanWithScanner(code)))) return;
  }
}
