/**
 * `createSandboxHost()`: many isolated sandboxes under `{prefix}/<tenant>/…`, each seeded on first
 * use, so every browser test file (or demo visitor) gets its own state on one origin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { isDroppedConnection } from './faults.js';
import { jsonResponse } from './http.js';
import { createSandbox, normalizeBasePath } from './sandbox.js';
import type { Sandbox, SandboxOptions } from './sandbox.js';

export interface SandboxHostOptions {
  /** Path prefix of the tenants (default `/sandbox`). */
  prefix?: string;
  /** How many tenants are kept; the least recently used is dropped beyond it (default 64). */
  maxTenants?: number;
  /** Options for every tenant's sandbox (its `basePath` is set by the host). */
  sandbox?: Omit<SandboxOptions, 'basePath'>;
}

export interface SandboxHost {
  readonly prefix: string;
  /** Serves a request whose path is under the prefix; anything else is a 404. */
  fetch(request: Request): Promise<Response>;
  /** Whether a path belongs to the host (so middleware can pass other requests on). */
  handles(pathname: string): boolean;
  /** The tenant's sandbox, created and seeded when first asked for. */
  tenant(name: string): Sandbox;
  tenants(): string[];
  /** Node request listener; destroys the socket for `network` faults. */
  listener: (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;
}

const TENANT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function createSandboxHost(options: SandboxHostOptions = {}): SandboxHost {
  const prefix = normalizeBasePath(options.prefix ?? '/sandbox');
  const maxTenants = options.maxTenants ?? 64;
  // A Map keeps insertion order: re-inserting on use makes the first key the least recently used.
  const sandboxes = new Map<string, Sandbox>();

  const tenant = (name: string): Sandbox => {
    let sandbox = sandboxes.get(name);
    if (sandbox) {
      sandboxes.delete(name);
    } else {
      sandbox = createSandbox({ ...options.sandbox, basePath: `${prefix}/${name}` });
    }
    sandboxes.set(name, sandbox);
    while (sandboxes.size > maxTenants) {
      const oldest = sandboxes.keys().next().value;
      if (oldest === undefined) break;
      sandboxes.delete(oldest);
    }
    return sandbox;
  };

  const handles = (pathname: string): boolean => pathname.startsWith(`${prefix}/`);

  const fetch = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (!handles(pathname)) return jsonResponse({ status: '404', error: 'Not Found' }, 404);
    const name = pathname.slice(prefix.length + 1).split('/')[0] ?? '';
    if (!TENANT_NAME.test(name)) {
      return jsonResponse(
        {
          error_messages: [`Use ${prefix}/<tenant>/… with a tenant name of letters, digits, '.', '_' or '-'`],
        },
        404,
      );
    }
    return tenant(name).fetch(request);
  };

  return {
    prefix,
    fetch,
    handles,
    tenant,
    tenants: () => [...sandboxes.keys()],
    listener: createNodeListener(fetch),
  };
}

/**
 * A Node `http` listener for any sandbox `fetch`. A dropped-connection answer cuts the connection
 * without a response. Browsers silently resend a request whose *reused* keep-alive connection
 * closes before any byte arrives, which would hide the fault (and send a booking twice); on a
 * reused connection the listener therefore first writes a response head no client accepts
 * (conflicting Content-Length), which fails the request at once without a resend.
 */
export function createNodeListener(
  fetch: (request: Request) => Promise<Response>,
): (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void> {
  const usedSockets = new WeakSet<Socket>();
  const listener = getRequestListener(
    async (request, env) => {
      const response = await fetch(request);
      if (!isDroppedConnection(response)) return response;
      const socket = env.incoming.socket;
      if (onReusedConnection.has(env.incoming)) {
        socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n');
      } else {
        socket.destroy();
      }
      // Tells the adapter the response is taken care of, so it writes nothing.
      return new Response(null, { headers: { 'x-hono-already-sent': '1' } });
    },
    { overrideGlobalObjects: false },
  );
  const onReusedConnection = new WeakSet<object>();
  return (incoming, outgoing) => {
    if (usedSockets.has(incoming.socket)) onReusedConnection.add(incoming);
    usedSockets.add(incoming.socket);
    return listener(incoming, outgoing);
  };
}
