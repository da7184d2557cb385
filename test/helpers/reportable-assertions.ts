/**
 * Loaded before every browser test file. A failed assertion about a DOM node (`expect(el).to.equal(null)`)
 * carries the node as its actual or expected value; the test runner copies a failure out of the
 * page with `structuredClone`, which cannot copy a node, so the failure was never reported and the
 * file hung until the runner's time limit. Here every assertion hands chai a short description of
 * such a node instead (`<product-editor>`): what passes or fails is unchanged, and the failure is
 * reported with it.
 */
import { chai } from '@open-wc/testing';

type AssertArgs = [unknown, string, string, unknown, unknown?, boolean?];

function reportable(value: unknown): unknown {
  if (typeof Node === 'undefined' || !(value instanceof Node)) return value;
  if (value instanceof Element) {
    const id = value.id ? `#${value.id}` : '';
    const part = value.getAttribute('part');
    return `<${value.localName}${id}${part ? ` part="${part}"` : ''}>`;
  }
  return `[${value.nodeName}]`;
}

const proto = chai.Assertion.prototype as unknown as {
  assert: (this: object, ...args: AssertArgs) => void;
};
const original = proto.assert;
proto.assert = function (this: object, ...args: AssertArgs): void {
  const [expr, message, negated, expected] = args;
  // chai reads the actual value from the assertion's subject unless it is passed in.
  const actual = args.length > 4 ? args[4] : chai.util.flag(this, 'object');
  original.call(this, expr, message, negated, reportable(expected), reportable(actual), args[5]);
};
