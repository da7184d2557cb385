/**
 * One Node http server on 127.0.0.1 for the bench pages, the scripts they load, fixtures, and the
 * sandbox host under /sandbox/ (`createSandboxHost().listener`), all on one origin.
 *
 * Pages are cross-origin isolated (COOP + COEP), which gives `performance.now()` its finest
 * resolution in Chromium.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandboxHost, type SandboxHost } from '../../src/sandbox/index.js';
import { createStandInPrinters, type StandInPrinters } from '../../src/sandbox/printer.js';
import { toNodeListener } from '../../src/server/node.js';

export interface BenchServer {
  origin: string;
  host: SandboxHost;
  /** Each tenant's stand-in printers (loopback listeners) behind `/sandbox/<tenant>/printers`. */
  printers: StandInPrinters;
  /** Serves `body` at `path` (a page, a script or JSON). */
  route(path: string, type: string, body: string | (() => string)): void;
  close(): Promise<void>;
}

const ISOLATION = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

export async function startServer(): Promise<BenchServer> {
  const host = createSandboxHost({ prefix: '/sandbox' });
  const printers = createStandInPrinters({ prefix: '/sandbox' });
  const printerListener = toNodeListener(printers.fetch);
  const routes = new Map<string, { type: string; body: string | (() => string) }>();

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (printers.handles(pathname)) {
      void printerListener(request, response);
      return;
    }
    if (host.handles(pathname)) {
      void host.listener(request, response);
      return;
    }
    const route = routes.get(pathname);
    if (!route || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain', ...ISOLATION }).end('Not found');
      return;
    }
    const body = typeof route.body === 'function' ? route.body() : route.body;
    response.writeHead(200, { 'content-type': `${route.type}; charset=utf-8`, ...ISOLATION }).end(body);
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    host,
    printers,
    route(path, type, body) {
      routes.set(path, { type, body });
    },
    close() {
      // Requests the sandbox delays on purpose (memory run) must not hold the process open.
      server.closeAllConnections();
      return Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        printers.close(),
      ]).then(() => undefined);
    },
  };
}
