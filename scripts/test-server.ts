import type { Middleware } from 'koa';

/**
 * Koa middleware for the browser test server. It will mount the sandbox so that element tests
 * talk to the fake API over real HTTP on the test page's own origin.
 */
export function sandboxMiddleware(): Middleware {
  return async (_ctx, next) => {
    await next();
  };
}
