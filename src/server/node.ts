import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { FetchHandler } from './http.js';
import { isUnsafeRequestTarget } from './routes.js';

export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;

export interface NodeAdapterOptions {
  /**
   * Refuse (404) request targets that are not plain origin-form paths before they are turned
   * into a URL: absolute URLs, `//host`, backslashes, dot segments, encoded dots and slashes.
   * URL parsing would otherwise normalise them silently. Default true.
   */
  strictTargets?: boolean;
}

/**
 * Turns a fetch-standard handler into a Node `http` request listener, for `http.createServer`,
 * Express or Connect (`app.use('/ops', toNodeListener(proxy))`; Express's `originalUrl` is
 * what the strict target check looks at).
 */
export function toNodeListener(handler: FetchHandler, options: NodeAdapterOptions = {}): NodeListener {
  const listener = getRequestListener((request) => handler(request), {
    errorHandler: () => new Response(null, { status: 400 }),
  });
  const strict = options.strictTargets ?? true;
  return async (incoming, outgoing) => {
    const wireTarget = (incoming as IncomingMessage & { originalUrl?: unknown }).originalUrl;
    const target = typeof wireTarget === 'string' ? wireTarget : (incoming.url ?? '');
    if (strict && (isUnsafeRequestTarget(target) || isUnsafeRequestTarget(incoming.url ?? ''))) {
      incoming.resume();
      outgoing.writeHead(404, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      outgoing.end(JSON.stringify({ error: 'not_found', message: 'No such endpoint.' }));
      return;
    }
    await listener(incoming, outgoing);
  };
}

export interface ServeNodeOptions extends NodeAdapterOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default `127.0.0.1`. */
  hostname?: string;
}

export interface NodeServerHandle {
  server: Server;
  port: number;
  /** `http://host:port` */
  url: string;
  close(): Promise<void>;
}

/** Starts a Node HTTP server for one handler and resolves once it listens. */
export function serveNode(handler: FetchHandler, options: ServeNodeOptions = {}): Promise<NodeServerHandle> {
  const listener = toNodeListener(handler, options);
  const server = createServer((incoming, outgoing) => void listener(incoming, outgoing));
  const hostname = options.hostname ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, hostname, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        port,
        url: `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
