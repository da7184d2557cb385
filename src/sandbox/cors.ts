/**
 * CORS for pages served from another local port (e.g. a storybook on :6006 calling
 * `npm run sandbox` on :8787). Only http://localhost and http://127.0.0.1 origins are answered:
 * the sandbox is a development tool, never a public endpoint.
 */
import { isDroppedConnection } from './faults.js';
import { PAGE_HEADER_NAMES } from './http.js';

const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;
const ALLOWED_HEADERS = 'accept, content-type, authorization, x-api-key, authentication, x-sandbox-fault';

export function isLocalOrigin(origin: string | null): origin is string {
  return origin !== null && LOCAL_ORIGIN.test(origin);
}

export function withLocalCors(
  fetch: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const origin = request.headers.get('origin');
    if (!isLocalOrigin(origin)) return fetch(request);
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
          'access-control-allow-headers':
            request.headers.get('access-control-request-headers') ?? ALLOWED_HEADERS,
          'access-control-max-age': '600',
          vary: 'Origin',
        },
      });
    }
    const response = await fetch(request);
    if (isDroppedConnection(response)) return response;
    const headers = new Headers(response.headers);
    headers.set('access-control-allow-origin', origin);
    headers.set('access-control-expose-headers', PAGE_HEADER_NAMES.join(', '));
    headers.append('vary', 'Origin');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
