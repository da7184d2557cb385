/**
 * Server-side helpers, for Node (`commerce-ops-elements/server`) and any runtime with the
 * fetch `Request`/`Response` types: the OAuth token exchange (the client secret stays here) and
 * an API proxy that adds the credential and forwards only the API's own endpoints.
 */
export { createApiProxy, EXPOSED_HEADERS, type ApiProxyOptions, type ProxyCredential } from './api-proxy.js';
export {
  createTokenExchangeHandler,
  type TokenExchangeOptions,
  type TokenExchangeResult,
} from './token-exchange.js';
export { DEFAULT_ROUTES, type HttpMethod, type RouteRule } from './routes.js';
export type { RateLimitOptions } from './rate-limit.js';
export type { FetchHandler, FetchLike, OriginList } from './http.js';
export {
  serveNode,
  toNodeListener,
  type NodeAdapterOptions,
  type NodeListener,
  type NodeServerHandle,
  type ServeNodeOptions,
} from './node.js';
