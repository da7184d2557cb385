import type { MiddlewareHandler } from 'hono';
import type { SandboxContext } from './context.js';
import { unauthorizedResponse } from './http.js';
import { SANDBOX_CREDENTIALS } from './seed-ids.js';

/**
 * Paths served without the API credentials: the OAuth pages and token exchange (the browser and
 * the host's backend reach them without a token), the index, and `POST /shipments`, which checks
 * its own application token.
 */
const PUBLIC_PATHS = new Set(['/', '/oauth/authorize', '/oauth/authorize.css', '/oauth/token', '/shipments']);

export function hasApiCredential(request: Request, ctx: SandboxContext): boolean {
  const apiKey = request.headers.get('x-api-key');
  if (apiKey !== null) return apiKey === SANDBOX_CREDENTIALS.apiKey;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  const token = match?.[1];
  return (
    token !== undefined && (token === SANDBOX_CREDENTIALS.accessToken || ctx.state.issuedTokens.has(token))
  );
}

export function hasAppToken(request: Request): boolean {
  return request.headers.get('authentication')?.trim() === SANDBOX_CREDENTIALS.appToken;
}

export function requireCredentials(ctx: SandboxContext): MiddlewareHandler {
  return async (c, next) => {
    if (PUBLIC_PATHS.has(c.req.path) || hasApiCredential(c.req.raw, ctx)) {
      await next();
      return;
    }
    return unauthorizedResponse();
  };
}
