import type { Middleware } from 'koa';
import { createSandboxHost } from '../src/sandbox/host.js';
import type { SandboxHostOptions } from '../src/sandbox/host.js';
import { createStandInPrinters } from '../src/sandbox/printer.js';
import { toNodeListener } from '../src/server/node.js';
import { QUIRK_NAMES } from '../src/sandbox/quirks.js';
import { roleProxies } from './role-proxies.js';
import type { SandboxQuirks } from '../src/sandbox/state.js';

/**
 * Options for every tenant of the test server from the environment: `SANDBOX_QUIRKS` names the
 * quirks to switch on (`stringIds,trackingNumberObjects`, or `all`), so a whole browser test run
 * can meet the shapes some live accounts answer in. One test turns them on for its own tenant
 * with `sandbox.configure({ quirks: { … } })` instead.
 */
export function sandboxOptionsFromEnv(
  env: Record<string, string | undefined>,
): NonNullable<SandboxHostOptions['sandbox']> {
  const names = (env['SANDBOX_QUIRKS'] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return {};
  const quirks: Partial<SandboxQuirks> = {};
  for (const name of names.includes('all') ? QUIRK_NAMES : names) {
    const known = QUIRK_NAMES.find((quirk) => quirk === name);
    if (!known)
      throw new Error(`SANDBOX_QUIRKS names an unknown quirk ${name}; use ${QUIRK_NAMES.join(', ')} or all`);
    quirks[known] = true;
  }
  return { quirks };
}

/**
 * Koa middleware for the browser test server: mounts the sandbox host at `/sandbox/` so element
 * tests talk to the fake API over real HTTP on the test page's own origin. Each test file takes
 * its own tenant (`test/helpers/sandbox.ts`), so files never see each other's changes.
 */
export function sandboxMiddleware(env: Record<string, string | undefined> = process.env): Middleware {
  const host = createSandboxHost({ prefix: '/sandbox', sandbox: sandboxOptionsFromEnv(env) });
  // Each tenant's stand-in printers, and what they received at /stand-in-printer/<tenant>/jobs.
  const printers = createStandInPrinters({ prefix: host.prefix });
  const printerListener = toNodeListener(printers.fetch);
  const proxy = roleProxies(host, printers);
  return async (ctx, next) => {
    if (printers.handles(ctx.path)) {
      ctx.respond = false;
      ctx.status = 200;
      await printerListener(ctx.req, ctx.res);
      return;
    }
    const proxied = proxy.listenerFor(ctx.path);
    if (proxied) {
      ctx.respond = false;
      ctx.status = 200;
      await proxied(ctx.req, ctx.res);
      return;
    }
    if (!host.handles(ctx.path)) {
      await next();
      return;
    }
    // The Node listener writes the response itself (or destroys the socket for network faults).
    ctx.respond = false;
    // Koa starts at 404; the listener's own status replaces this one when it answers.
    ctx.status = 200;
    await host.listener(ctx.req, ctx.res);
  };
}

/** What the reporter needs of a test result (`@web/test-runner-core`'s `TestSuiteResult`). */
interface TimedSuite {
  name: string;
  suites: TimedSuite[];
  tests: { name: string; duration?: number }[];
}

/** What the reporter needs of a test session (`@web/test-runner-core`'s `TestSession`). */
interface TimedSession {
  testFile: string;
  status: string;
  testResults?: TimedSuite;
}

/** What the reporter needs of the runner's session manager. */
interface SessionEvents {
  on(event: 'session-status-updated', listener: (session: TimedSession) => void): void;
}

/** A test that takes this long is listed at the end of a run: most of it is time spent waiting. */
const SLOW_TEST_MS = 1000;

/**
 * A reporter that prints, at the end of a run, the files that took longest from their page's start
 * to their last result, and every test that took a second or more, so a slow one is seen at once.
 */
export function slowestFilesReporter(count = 12): {
  start(args: { sessions: SessionEvents; startTime: number }): void;
  stop(args: { sessions: TimedSession[] }): void;
} {
  const started = new Map<string, number>();
  const took = new Map<string, number>();
  let runStart = Date.now();
  const relative = (file: string): string => file.replace(`${process.cwd()}/`, '');
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  return {
    start({ sessions, startTime }) {
      runStart = startTime;
      sessions.on('session-status-updated', (session) => {
        if (session.status === 'FINISHED') {
          const from = started.get(session.testFile) ?? Date.now();
          took.set(session.testFile, (took.get(session.testFile) ?? 0) + Date.now() - from);
        } else if (session.status !== 'SCHEDULED' && !started.has(session.testFile)) {
          // The first sign of the file's page being opened (the runner does not always report
          // every state in between).
          started.set(session.testFile, Date.now());
        }
      });
    },
    stop({ sessions }) {
      const slowTests: [string, number][] = [];
      const visit = (file: string, suite: TimedSuite, path: string): void => {
        for (const test of suite.tests) {
          if ((test.duration ?? 0) >= SLOW_TEST_MS) {
            slowTests.push([`${relative(file)}: ${path}${test.name}`, test.duration ?? 0]);
          }
        }
        for (const inner of suite.suites) visit(file, inner, `${path}${inner.name} > `);
      };
      for (const session of sessions)
        if (session.testResults) visit(session.testFile, session.testResults, '');
      console.log(`\nSlowest files (run ${seconds(Date.now() - runStart)}):`);
      for (const [file, ms] of [...took].sort((a, b) => b[1] - a[1]).slice(0, count)) {
        console.log(`  ${seconds(ms).padStart(8)}  ${relative(file)}`);
      }
      console.log(`Tests of ${seconds(SLOW_TEST_MS)} or more: ${slowTests.length}`);
      for (const [name, ms] of slowTests.sort((a, b) => b[1] - a[1])) {
        console.log(`  ${seconds(ms).padStart(8)}  ${name}`);
      }
    },
  };
}
