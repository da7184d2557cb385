import type { Connect, Plugin } from 'vite';
import { createSandboxHost } from '../src/sandbox/host.js';
import { createStandInPrinters } from '../src/sandbox/printer.js';
import { toNodeListener } from '../src/server/node.js';
import { SANDBOX_CREDENTIALS } from '../src/sandbox/seed-ids.js';
import { followParent } from './follow-parent.js';
import { roleProxies } from './role-proxies.js';

/**
 * Mounts the sandbox host on Vite's dev (and preview) server, so the demo page calls the fake
 * API on its own origin under `/sandbox/<tenant>/` with no CORS and no account; and the API proxy
 * in front of it at `/proxy/<role>/<tenant>/` for a signed-in role (scripts/role-proxies.ts).
 */
export function sandboxPlugin(options: { prefix?: string } = {}): Plugin {
  const host = createSandboxHost({ prefix: options.prefix ?? '/sandbox' });
  // Each tenant's stand-in printers (src/sandbox/printer.ts), what they received at
  // /stand-in-printer/<tenant>/jobs.
  const printers = createStandInPrinters({ prefix: host.prefix });
  const printerListener = toNodeListener(printers.fetch);
  const proxies = roleProxies(host, printers);
  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (printers.handles(pathname)) {
      printerListener(req, res).catch(next);
      return;
    }
    const proxied = proxies.listenerFor(pathname);
    if (proxied) {
      proxied(req, res).catch(next);
      return;
    }
    if (!host.handles(pathname)) {
      next();
      return;
    }
    host.listener(req, res).catch(next);
  };
  return {
    name: 'commerce-ops-sandbox',
    configureServer(server) {
      server.middlewares.use(middleware);
      // Stopping `npm start` stops the server too, rather than leaving it on the port.
      if (server.httpServer) followParent(() => server.close());
      const printUrls = server.printUrls.bind(server);
      server.printUrls = () => {
        printUrls();
        server.config.logger.info(
          `  ➜  Sandbox API: ${host.prefix}/<tenant>/ on the same origin (x-api-key: ${SANDBOX_CREDENTIALS.apiKey})`,
        );
      };
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}
