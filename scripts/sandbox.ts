/**
 * `npm run sandbox [-- --port 8787]`: the sandbox alone on a local port, with CORS for pages on
 * other local ports. One sandbox answers at the root; isolated ones live under /sandbox/<tenant>/.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import {
  createNodeListener,
  createSandbox,
  createSandboxHost,
  SANDBOX_CREDENTIALS,
  withLocalCors,
} from '../src/sandbox/index.js';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, host: { type: 'string' } },
});
const port = Number(values.port ?? process.env.PORT ?? 8787);
const hostname = values.host ?? 'localhost';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port: ${values.port ?? process.env.PORT ?? ''}`);
  process.exit(1);
}

const root = createSandbox();
const tenants = createSandboxHost({ prefix: '/sandbox' });
const serve = withLocalCors((request) =>
  tenants.handles(new URL(request.url).pathname) ? tenants.fetch(request) : root.fetch(request),
);

const server = createServer(createNodeListener(serve));
server.listen(port, hostname, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const base = `http://${hostname}:${actualPort}`;
  console.log(`Commerce Operations sandbox on ${base}/
  tenants:          ${base}/sandbox/<tenant>/  (each seeded on first use)
  control API:      ${base}/__sandbox/  (faults, config, requests, reset)
  API key:          x-api-key: ${SANDBOX_CREDENTIALS.apiKey}
  bearer token:     Authorization: Bearer ${SANDBOX_CREDENTIALS.accessToken}
  OAuth client:     ${SANDBOX_CREDENTIALS.clientId} / ${SANDBOX_CREDENTIALS.clientSecret}  (${base}/oauth/authorize)
  app token:        Authentication: ${SANDBOX_CREDENTIALS.appToken}  (POST /shipments)
CORS answers pages on http://localhost:* and http://127.0.0.1:*. Ctrl+C stops.`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
