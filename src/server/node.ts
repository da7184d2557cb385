import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { DEFAULT_BODY_TIMEOUT_MS, type FetchHandler } from './http.js';
import { isUnsafeRequestTarget } from './routes.js';

export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;

export interface NodeAdapterOptions {
  /**
   * Refuse (404) request targets that are not plain origin-form paths before they are turned
   * into a URL: absolute URLs, `//host`, backslashes, dot segments, encoded dots and slashes.
   * URL parsing would otherwise normalise them silently. Default true.
   */
  strictTargets?: boolean;
  /**
   * Time the whole request (its body included) has to arrive once the listener has it, in
   * milliseconds; then `408` and the connection is closed. Default 10 000. The headers' own
   * time limit is the server's (`serveNode` sets both; set `server.headersTimeout` and
   * `server.requestTimeout` on a server of your own).
   */
  requestTimeoutMs?: number;
}

/**
 * Turns a fetch-standard handler into a Node `http` request listener, for `http.createServer`,
 * Express or Connect (`app.use('/ops', toNodeListener(proxy))`; Express's `originalUrl` is
 * what the strict target check looks at).
 */
export function toNodeListener(handler: FetchHandler, options: NodeAdapterOptions = {}): NodeListener {
  const alreadyAnswered = new Error('The request was answered with 408 already');
  const listener = getRequestListener(
    async (request, env: { outgoing: { headersSent: boolean } }) => {
      const response = await handler(request);
      // A request that ran out of time was answered with 408; the handler's late answer is dropped.
      if (env.outgoing.headersSent) throw alreadyAnswered;
      return response;
    },
    {
      errorHandler: (error) => (error === alreadyAnswered ? undefined : new Response(null, { status: 400 })),
    },
  );
  const strict = options.strictTargets ?? true;
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  return async (incoming, outgoing) => {
    const timer = incoming.complete
      ? undefined
      : setTimeout(() => {
          if (incoming.complete) return;
          // A client trickling its body would otherwise hold the connection for as long as it likes.
          if (!outgoing.headersSent) {
            outgoing.writeHead(408, {
              'content-type': 'application/json; charset=utf-8',
              'cache-control': 'no-store',
              'x-content-type-options': 'nosniff',
              connection: 'close',
            });
            outgoing.end(
              JSON.stringify({ error: 'request_timeout', message: 'The request did not arrive in time.' }),
            );
          }
          outgoing.once('finish', () => incoming.socket.destroy());
          if (outgoing.writableFinished) incoming.socket.destroy();
        }, requestTimeoutMs);
    incoming.once('end', () => clearTimeout(timer));
    outgoing.once('finish', () => clearTimeout(timer));
    outgoing.once('close', () => clearTimeout(timer));
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
  /**
   * Time a request's headers, and then the whole request, have to arrive, in milliseconds:
   * after it Node answers `408` and closes the connection. Default 10 000 (the same as
   * `requestTimeoutMs` unless that is given).
   */
  headersTimeoutMs?: number;
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
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? requestTimeout, requestTimeout);
  const server = createServer(
    {
      headersTimeout,
      requestTimeout,
      // Node looks for overdue requests this often; its default (30 s) would let a slow client
      // hold a connection three times longer than the limit says.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
    (incoming, outgoing) => void listener(incoming, outgoing),
  );
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
