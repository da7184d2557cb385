import type { Middleware } from 'koa';
import { createSandboxHost } from '../src/sandbox/host.js';

/**
 * Koa middleware for the browser test server: mounts the sandbox host at `/sandbox/` so element
 * tests talk to the fake API over real HTTP on the test page's own origin. Each test file takes
 * its own tenant (`test/helpers/sandbox.ts`), so files never see each other's changes.
 */
export function sandboxMiddleware(): Middleware {
  const host = createSandboxHost({ prefix: '/sandbox' });
  return async (ctx, next) => {
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
