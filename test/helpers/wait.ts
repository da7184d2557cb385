/**
 * How long a browser test waits for what a request or a render brings. The runner's machine may be
 * a loaded one of two cores, where a sandbox answer and the render after it can take more than
 * `waitUntil`'s default of one second.
 */
import { waitUntil } from '@open-wc/testing';

/** How long a wait on the network or a render may take before the test fails. */
export const SETTLE_TIMEOUT_MS = 5000;

/**
 * `waitUntil` with the timeout for a request or a render (`SETTLE_TIMEOUT_MS`). A test that
 * asserts something happens quickly passes its own `timeout`.
 */
export function waitFor(
  predicate: () => unknown,
  message?: string,
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  return waitUntil(predicate, message, { timeout: SETTLE_TIMEOUT_MS, ...options });
}

/** Waits until `get` gives something (as `waitFor`), and gives it. */
export async function waitForValue<T>(get: () => T | null | undefined | false, message?: string): Promise<T> {
  let value: T | null | undefined | false;
  await waitFor(() => (value = get()), message);
  return value as T;
}
