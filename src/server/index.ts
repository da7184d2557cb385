/**
 * Server-side helpers, for Node (`commerce-ops-elements/server`) and any runtime with the
 * fetch `Request`/`Response` types: the OAuth token exchange (the client secret stays here) and
 * an API proxy that adds the credential and forwards only the API's own endpoints.
 *
 * ```ts
 * import { createApiProxy, createTokenExchangeHandler, serveNode } from 'commerce-ops-elements/server';
 *
 * // Several processes share one Redis, set up to fail fast (the proxy answers 503 meanwhile).
 * const redis = new Redis(process.env.REDIS_URL, {
 *   enableOfflineQueue: false,
 *   maxRetriesPerRequest: 1,
 *   connectTimeout: 1_000,
 *   commandTimeout: 500,
 * });
 * const proxy = createApiProxy({
 *   upstream: 'https://api.example.com',
 *   authorize: (request) => userIdFromSessionCookie(request), // null → 401
 *   // The rate limit, spend limits and one label per order, shared by every process.
 *   rateLimit: { store: new RedisRateLimitStore({ client: redis }) },
 *   apiKey: process.env.OPS_API_KEY, // or getCredential(request) / forwardAuthorization: true
 *   appToken: process.env.OPS_APP_TOKEN, // `Authentication` header of POST /shipments
 *   allowedOrigins: ['https://admin.example.com'],
 *   basePath: '/ops',
 * });
 * const exchange = createTokenExchangeHandler({
 *   apiBaseUrl: 'https://api.example.com',
 *   clientId: process.env.OPS_CLIENT_ID!,
 *   clientSecret: process.env.OPS_CLIENT_SECRET!,
 *   redirectUri: 'https://admin.example.com/oauth-callback.html',
 *   authorize: (request) => userIdFromSessionCookie(request), // null → 401, the code is not sent on
 *   allowedOrigins: ['https://admin.example.com'],
 * });
 * await serveNode((request) =>
 *   new URL(request.url).pathname === '/oauth/exchange' ? exchange(request) : proxy(request), { port: 8787 });
 * ```
 *
 * On Express: `app.use('/ops', toNodeListener(proxy))` (no `basePath` then: Express strips it).
 */
export {
  createApiProxy,
  EXPOSED_HEADERS,
  type ApiProxyOptions,
  type Authorize,
  type ProxyCredential,
} from './api-proxy.js';
export {
  createTokenExchangeHandler,
  type TokenExchangeOptions,
  type TokenExchangeResult,
} from './token-exchange.js';
export {
  OPERATIONS,
  type AuthorizeResult,
  type CallerIdentity,
  type Operation,
  type SpendLimits,
} from './identity.js';
export { DEFAULT_ROUTES, type HttpMethod, type RouteRule } from './routes.js';
export {
  createPrintHandler,
  DEFAULT_PRINT_MAX_BYTES,
  type PrintDocument,
  type PrintFormat,
  type PrintHandlerOptions,
  type PrintJobRecord,
  type PrintOptions,
  type PrinterConfig,
} from './print.js';
export {
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type MemoryRateLimitStoreOptions,
  type RateLimitOptions,
  type RateLimitRule,
  type RateLimitStore,
  type RedisRateLimitStoreOptions,
  type RedisScriptClient,
  type DailyCeilings,
  type DailySpend,
  type KnownQuote,
  type ReserveResult,
  type SpendStore,
  type BookingGuardStore,
  type BookingTarget,
  type ClaimResult,
  type OrderClaim,
  type SettledClaim,
} from './rate-limit.js';
export { SECOND_LABEL_HEADER } from './booking-guard.js';
export type { SpentToday } from './spend-limits.js';
export { SECRET_FIELDS } from '../api/secrets.js';
export type { FetchHandler, FetchLike, OriginList } from './http.js';
export {
  serveNode,
  toNodeListener,
  type NodeAdapterOptions,
  type NodeListener,
  type NodeServerHandle,
  type ServeNodeOptions,
} from './node.js';
