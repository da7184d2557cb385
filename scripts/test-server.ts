import type { Middleware } from 'koa';
import { createSandboxHost } from '../src/sandbox/host.js';
import type { SandboxHostOptions } from '../src/sandbox/host.js';
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
  const proxy = roleProxies(host);
  return async (ctx, next) => {
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
