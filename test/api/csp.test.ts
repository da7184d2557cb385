import { expect } from '@open-wc/testing';
import type * as Exercise from './exercise-client.js';

/**
 * Pages with a strict Content-Security-Policy (no 'unsafe-eval') refuse code built from strings
 * and report every attempt as a violation, even one a library catches and recovers from. The
 * client and its schemas must never make such an attempt: not when their modules load, not when
 * they parse a response, not when they report a response that does not fit.
 *
 * Nothing in this file imports the client statically, so each test loads it fresh.
 */

const SAMPLE_REQUESTS = 14 + 1 + 2;

describe('strict Content-Security-Policy', () => {
  it('loads the client and parses every sample without building a function from a string', async () => {
    const attempts: string[] = [];
    const refuse = (args: readonly unknown[]): never => {
      attempts.push(args.map(String).join(', '));
      throw new EvalError('code from strings is refused in this test');
    };
    const RealFunction = Function;
    const realEval = globalThis.eval;
    const trap = new Proxy(RealFunction, {
      apply: (_target, _this, args: unknown[]) => refuse(args),
      construct: (_target, args: unknown[]) => refuse(args),
    });
    globalThis.Function = trap;
    RealFunction.prototype.constructor = trap;
    globalThis.eval = (code: unknown) => refuse([code]);
    let requests: number;
    try {
      const { exerciseClient } = (await import('./exercise-client.js')) as typeof Exercise;
      requests = await exerciseClient();
    } finally {
      globalThis.Function = RealFunction;
      RealFunction.prototype.constructor = RealFunction;
      globalThis.eval = realEval;
    }
    expect(attempts).to.deep.equal([]);
    expect(requests).to.equal(SAMPLE_REQUESTS);
    // Nobody on this page chose zod's jitless mode, so the client did, before its first parse.
    const { config } = await import('zod/mini');
    expect(config().jitless).to.equal(true);
  });

  it('runs in a frame whose policy has no unsafe-eval and causes no violation', async () => {
    const nonce = `csp-${Math.random().toString(36).slice(2)}`;
    // The page's origin is named as well as 'self': in a srcdoc frame Firefox matches 'self'
    // against the frame's about:srcdoc address, so 'self' alone refuses the page's own server.
    const origin = location.origin;
    const frame = document.createElement('iframe');
    frame.srcdoc = `<!doctype html>
<meta http-equiv="Content-Security-Policy" content="default-src 'self' ${origin}; script-src 'self' ${origin} 'nonce-${nonce}'">
<script type="module" nonce="${nonce}">
  window.violations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.violations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
  window.exercise = import('/test/api/exercise-client.ts').then((module) => module.exerciseClient());
</script>`;
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    try {
      await loaded;
      const frameWindow = frame.contentWindow as unknown as typeof globalThis & {
        exercise: Promise<number>;
        violations: string[];
      };
      expect(await frameWindow.exercise).to.equal(SAMPLE_REQUESTS);
      // Violation reports are delivered as tasks: give them time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(frameWindow.violations).to.deep.equal([]);

      // The policy is in force: the frame refuses eval and reports it.
      expect(() => frameWindow.eval('1')).to.throw();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(frameWindow.violations).to.have.length(1);
      expect(frameWindow.violations[0]).to.match(/^script-src/);
    } finally {
      frame.remove();
    }
  });
});
