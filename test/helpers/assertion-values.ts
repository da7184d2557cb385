/**
 * Loaded before every browser test file. The test runner sends a failed assertion's `actual` and
 * `expected` values out of the page; an element, a window or anything holding one cannot be sent,
 * and the test file then hung until the runner's limit instead of failing. A failed assertion
 * carries such values as chai prints them instead, so it fails its file at once with a readable
 * message.
 */
// The side-effect-free entry: the full one registers its fixture clean-up with mocha on first
// import, and mocha is not set up yet when this runs.
import * as pure from '@open-wc/testing/pure';

// Its type declarations leave out the `chai` it exports.
const { chai } = pure as unknown as { chai: Chai.ChaiStatic };

/** True for values the runner can send as they are: JSON-like data with no DOM objects. */
function isPlainData(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object')
    return typeof value !== 'function' && typeof value !== 'symbol';
  if (depth > 20) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((item) => isPlainData(item, depth + 1));
}

chai.use((api, util) => {
  const assert = api.Assertion.prototype.assert;
  api.Assertion.prototype.assert = function (this: Chai.AssertionStatic, ...args: Parameters<typeof assert>) {
    try {
      assert.apply(this, args);
    } catch (error) {
      if (error instanceof api.AssertionError) {
        const failed = error as Chai.AssertionError & { actual?: unknown; expected?: unknown };
        if (!isPlainData(failed.actual)) failed.actual = util.inspect(failed.actual);
        if (!isPlainData(failed.expected)) failed.expected = util.inspect(failed.expected);
      }
      throw error;
    }
  };
});
