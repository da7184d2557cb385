import type { Middleware } from 'koa';
import { createSandboxHost } from '../src/sandbox/host.js';
import type { SandboxHostOptions } from '../src/sandbox/host.js';
import { QUIRK_NAMES } from '../src/sandbox/quirks.js';
import { SANDBOX_CREDENTIALS } from '../src/sandbox/seed-ids.js';
import { createApiProxy, toNodeListener } from '../src/server/index.js';
import type { CallerIdentity } from '../src/server/identity.js';
import type { SandboxQuirks } from '../src/sandbox/quirks.js';

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
 * Callers of the API proxy mounted at `/proxy/<role>/<tenant>/` in front of a sandbox tenant, for
 * elements tested against what a role may do: `staff` may do everything but buy labels; `one-label`
 * may buy one label a day.
 */
const PROXY_ROLES: Record<string, CallerIdentity> = {
  staff: { id: 'staff', allow: ['read', 'notes', 'allocate', 'stock', 'listings', 'rates'] },
  'one-label': { id: 'one-label', limits: { labelsPerDay: 1 } },
};
const PROXY_PATH = /^\/proxy\/([a-z-]+)\/(t-[A-Za-z0-9-]+)\//;

/**
 * Koa middleware for the browser test server: mounts the sandbox host at `/sandbox/` so element
 * tests talk to the fake API over real HTTP on the test page's own origin. Each test file takes
 * its own tenant (`test/helpers/sandbox.ts`), so files never see each other's changes.
 */
export function sandboxMiddleware(env: Record<string, string | undefined> = process.env): Middleware {
  const host = createSandboxHost({ prefix: '/sandbox', sandbox: sandboxOptionsFromEnv(env) });
  const proxies = new Map<string, ReturnType<typeof toNodeListener>>();
  return async (ctx, next) => {
    const proxied = PROXY_PATH.exec(ctx.path);
    if (proxied) {
      const [, role = '', tenant = ''] = proxied;
      const key = `${role}/${tenant}`;
      let proxy = proxies.get(key);
      const caller = PROXY_ROLES[role];
      if (!proxy && caller) {
        proxy = toNodeListener(
          createApiProxy({
            upstream: `http://sandbox.internal/sandbox/${tenant}`,
            // Each tenant's caller counts its own labels and spend.
            authorize: () => ({ ...caller, id: `${role}@${tenant}` }),
            apiKey: SANDBOX_CREDENTIALS.apiKey,
            allowedOrigins: () => true,
            basePath: `/proxy/${role}/${tenant}`,
            rateLimit: false,
            fetch: (input, init) => host.fetch(new Request(input, init)),
          }),
        );
        proxies.set(key, proxy);
      }
      if (proxy) {
        ctx.respond = false;
        ctx.status = 200;
        await proxy(ctx.req, ctx.res);
        return;
      }
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
