/**
 * The explicit list of endpoints the API proxy forwards, and the strict matcher behind it.
 *
 * A route's path is written with literal segments and parameters: `:name` matches a decimal
 * integer (the spec's integer ids), `:name(token)` matches a short token of letters, digits,
 * `_` and `-` (ids the spec does not type). Nothing else matches: no `%`, no dots, no empty
 * segments, so encoded slashes, encoded dots and traversal never reach the upstream.
 */

import type { Operation } from './identity.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteRule {
  method: HttpMethod;
  /** Path relative to the API base, e.g. `/orders/:id/allocations/:aid`. */
  path: string;
  /** Whether the query string is forwarded (list endpoints only). Defaults to false. */
  query?: boolean;
  /** Whether the server-configured application token is sent in `Authentication`. */
  appToken?: boolean;
  /**
   * The operation a role needs for this endpoint (`authorize`'s `allow`). Default: the one of the
   * same endpoint in `DEFAULT_ROUTES`, else `read` for a GET; any other endpoint without one is
   * refused to a caller with an `allow` list.
   */
  operation?: Operation;
}

/** Every endpoint of the spec, with the methods it documents. */
export const DEFAULT_ROUTES: readonly RouteRule[] = Object.freeze([
  { method: 'GET', path: '/orders', query: true, operation: 'read' },
  { method: 'GET', path: '/orders/:id', operation: 'read' },
  { method: 'POST', path: '/orders/:id/notes', operation: 'notes' },
  { method: 'POST', path: '/orders/:id/allocations', operation: 'allocate' },
  { method: 'DELETE', path: '/orders/:id/allocations/:aid', operation: 'allocate' },
  { method: 'GET', path: '/channels', query: true, operation: 'read' },
  { method: 'POST', path: '/channels', operation: 'stores' },
  { method: 'GET', path: '/api/v2/channel_sellables', query: true, operation: 'read' },
  { method: 'POST', path: '/api/v2/channel_sellables', operation: 'listings' },
  { method: 'PUT', path: '/customers/:id', operation: 'edit-customers' },
  { method: 'PUT', path: '/delivery_methods/:id', operation: 'edit-delivery-methods' },
  { method: 'PUT', path: '/sellables/:sid/warehouses/:wid/stock_entry', operation: 'stock' },
  { method: 'PUT', path: '/products/:id', operation: 'edit-products' },
  { method: 'PUT', path: '/products/:id/product_property_specifics/:pid', operation: 'edit-products' },
  { method: 'PUT', path: '/kits/:kid(token)/kit_contents/:cid(token)', operation: 'edit-products' },
  { method: 'GET', path: '/tags', query: true, operation: 'read' },
  { method: 'GET', path: '/tags/:id', operation: 'read' },
  { method: 'GET', path: '/current_user', operation: 'read' },
  { method: 'POST', path: '/shipping/api/v1/rates', operation: 'rates' },
  { method: 'POST', path: '/shipping/api/v1/shipments', operation: 'buy' },
  { method: 'GET', path: '/api/v2/shipping_configs', query: true, operation: 'read' },
  { method: 'POST', path: '/shipments', appToken: true, operation: 'buy' },
] satisfies RouteRule[]);

const INTEGER = '(?:0|[1-9][0-9]{0,17})';
const TOKEN = '[A-Za-z0-9_-]{1,64}';
const LITERAL = /^[A-Za-z0-9_-]+$/;
const PARAM = /^:[A-Za-z][A-Za-z0-9_]*(\(token\))?$/;

export interface CompiledRoute extends Omit<RouteRule, 'operation'> {
  pattern: RegExp;
  /** The operation it needs; null: none a role can be given (refused to callers with `allow`). */
  operation: Operation | null;
}

function operationOf(rule: RouteRule): Operation | null {
  if (rule.operation) return rule.operation;
  const method = rule.method.toUpperCase();
  const known = DEFAULT_ROUTES.find((route) => route.method === method && route.path === rule.path);
  return known?.operation ?? (method === 'GET' ? 'read' : null);
}

export function compileRoutes(rules: readonly RouteRule[]): CompiledRoute[] {
  return rules.map((rule) => {
    if (!rule.path.startsWith('/')) throw new TypeError(`Route path must start with "/": ${rule.path}`);
    const parts = rule.path
      .slice(1)
      .split('/')
      .map((segment) => {
        if (LITERAL.test(segment)) return segment;
        const param = PARAM.exec(segment);
        if (param) return param[1] ? TOKEN : INTEGER;
        throw new TypeError(`Unsupported route segment "${segment}" in ${rule.path}`);
      });
    return {
      ...rule,
      method: rule.method.toUpperCase() as HttpMethod,
      pattern: new RegExp(`^/${parts.join('/')}$`),
      operation: operationOf(rule),
    };
  });
}

export type RouteMatch =
  | { kind: 'match'; route: CompiledRoute }
  | { kind: 'method_not_allowed'; allow: HttpMethod[] }
  | { kind: 'not_found' };

export function matchRoute(routes: readonly CompiledRoute[], method: string, path: string): RouteMatch {
  const forPath = routes.filter((route) => route.pattern.test(path));
  if (forPath.length === 0) return { kind: 'not_found' };
  const route = forPath.find((candidate) => candidate.method === method);
  if (route) return { kind: 'match', route };
  return { kind: 'method_not_allowed', allow: [...new Set(forPath.map((candidate) => candidate.method))] };
}

/**
 * Whether a raw request target (as it came off the wire, before any URL normalisation) is
 * something the proxy refuses outright: not origin-form, absolute URLs, `//host`, backslashes,
 * dot segments, encoded dots, slashes or backslashes, control characters.
 */
export function isUnsafeRequestTarget(target: string): boolean {
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!path.startsWith('/')) return true;
  if (path.startsWith('//') || path.includes('//')) return true;
  if (path.includes('\\')) return true;
  if (/%(2e|2f|5c|00)/i.test(path)) return true;
  if (/(^|\/)\.\.?(\/|$)/.test(path)) return true;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return true;
  return false;
}
