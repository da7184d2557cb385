/**
 * The sandbox's stand-in printers, so the demo and the browser tests have printers to print to:
 * for each tenant, "Sandbox Zebra" (`sandbox-zebra`, ZPL) and "Sandbox PDF printer"
 * (`sandbox-pdf`, PDF), each a raw (port 9100 style) listener on a free loopback port that keeps
 * what it receives. The print routes reach them as they reach a real printer, through
 * `createPrintHandler`, configured with their `socket://127.0.0.1:<port>` URIs.
 *
 * Node only (it listens on TCP); not part of `commerce-ops-elements/sandbox`. The dev server and
 * the browser test server mount `fetch` (see src/sandbox/README.md):
 * - `<prefix>/<tenant>/printers`, `<prefix>/<tenant>/printers/<id>/jobs`: the print routes for a
 *   page that talks to the sandbox directly (open, as the sandbox is);
 * - `GET /stand-in-printer/<tenant>/jobs`: what the tenant's printers received, newest last;
 *   `DELETE` forgets it;
 * - `GET /stand-in-printer/<tenant>/jobs/<seq>.png`: a ZPL job drawn as the label would print
 *   (4 × 6 in, 203 dpi), by `zpl-renderer-js` (Zebrash compiled to WebAssembly, in this process:
 *   no network), loaded on the first image asked for.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FetchHandler } from '../server/http.js';
import { createPrintHandler, type PrintFormat, type PrinterConfig } from '../server/print.js';

/** The stand-in printers every tenant has. */
export const STAND_IN_PRINTERS: readonly { id: string; name: string; format: PrintFormat }[] = [
  { id: 'sandbox-zebra', name: 'Sandbox Zebra', format: 'ZPL' },
  { id: 'sandbox-pdf', name: 'Sandbox PDF printer', format: 'PDF' },
];

/** One job a stand-in printer received. */
export interface ReceivedPrint {
  /** The job's number at its tenant, from 1. */
  seq: number;
  printerId: string;
  printerName: string;
  format: PrintFormat;
  /** Its size in bytes. */
  bytes: number;
  receivedAt: string;
  /** The ZPL as text (ZPL printers). */
  zpl?: string;
  /** The PDF, base64 (PDF printers). */
  pdfBase64?: string;
  /** Where the ZPL is drawn as a PNG (ZPL printers). */
  pngUrl?: string;
}

export interface StandInPrinterOptions {
  /** Where the sandbox host is mounted, e.g. `/sandbox`: the print routes answer under `<prefix>/<tenant>`. */
  prefix?: string;
  /** Where the received jobs are listed. Default `/stand-in-printer`. */
  receivedPrefix?: string;
  /** Tenants whose printers are kept; the oldest is closed past it. Default 64. */
  maxTenants?: number;
  /** Jobs kept per tenant, the newest. Default 20. */
  keep?: number;
  now?: () => number;
}

export interface StandInPrinters {
  /** The tenant's printers as the print routes are configured with them, started on first use. */
  printersOf(tenant: string): Promise<PrinterConfig[]>;
  /** What the tenant's printers received, oldest first. */
  received(tenant: string): ReceivedPrint[];
  /** Whether `fetch` answers this path. */
  handles(pathname: string): boolean;
  fetch: FetchHandler;
  /** Closes every listener. */
  close(): Promise<void>;
}

interface Tenant {
  printers: PrinterConfig[];
  received: ReceivedPrint[];
  servers: Server[];
  sockets: Set<Socket>;
  handler: FetchHandler;
}

const TENANT = '[A-Za-z0-9-]{1,64}';

export function createStandInPrinters(options: StandInPrinterOptions = {}): StandInPrinters {
  const prefix = (options.prefix ?? '/sandbox').replace(/\/+$/, '');
  const receivedPrefix = (options.receivedPrefix ?? '/stand-in-printer').replace(/\/+$/, '');
  const maxTenants = options.maxTenants ?? 64;
  const keep = options.keep ?? 20;
  const now = options.now ?? Date.now;
  const tenants = new Map<string, Promise<Tenant>>();
  /** The tenants whose printers are listening. */
  const ready = new Map<string, Tenant>();
  const printPath = new RegExp(`^${escape(prefix)}/(${TENANT})/printers(?:/|$)`);
  const receivedPath = new RegExp(`^${escape(receivedPrefix)}/(${TENANT})/jobs$`);
  const imagePath = new RegExp(`^${escape(receivedPrefix)}/(${TENANT})/jobs/([1-9][0-9]{0,8})\\.png$`);
  const images = new WeakMap<ReceivedPrint, Promise<Uint8Array<ArrayBuffer> | null>>();

  const closeTenant = async (tenant: Promise<Tenant>): Promise<void> => {
    const { servers, sockets } = await tenant;
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  };

  const tenantOf = (name: string): Promise<Tenant> => {
    let tenant = tenants.get(name);
    if (tenant) return tenant;
    tenant = startTenant(name);
    tenants.set(name, tenant);
    void tenant.then(
      (started) => tenants.has(name) && ready.set(name, started),
      () => tenants.delete(name),
    );
    if (tenants.size > maxTenants) {
      const [oldest] = tenants.keys();
      const closing = oldest === undefined ? undefined : tenants.get(oldest);
      if (oldest !== undefined && closing) {
        tenants.delete(oldest);
        ready.delete(oldest);
        void closeTenant(closing).catch(() => undefined);
      }
    }
    return tenant;
  };

  async function startTenant(name: string): Promise<Tenant> {
    const received: ReceivedPrint[] = [];
    const sockets = new Set<Socket>();
    const servers: Server[] = [];
    const printers: PrinterConfig[] = [];
    let seq = 0;
    for (const printer of STAND_IN_PRINTERS) {
      const server = createServer((socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.once('end', () => {
          const bytes = Buffer.concat(chunks);
          seq += 1;
          received.push({
            seq,
            printerId: printer.id,
            printerName: printer.name,
            format: printer.format,
            bytes: bytes.byteLength,
            receivedAt: new Date(now()).toISOString(),
            ...(printer.format === 'ZPL'
              ? { zpl: bytes.toString('latin1'), pngUrl: `${receivedPrefix}/${name}/jobs/${seq}.png` }
              : { pdfBase64: bytes.toString('base64') }),
          });
          if (received.length > keep) received.splice(0, received.length - keep);
        });
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
      // A dev server that is stopped does not wait for a printer nobody uses.
      server.unref();
      servers.push(server);
      const { port } = server.address() as AddressInfo;
      printers.push({
        id: printer.id,
        name: printer.name,
        uri: `socket://127.0.0.1:${port}`,
        formats: [printer.format],
      });
    }
    const handler = createPrintHandler({
      // The sandbox is open to whoever calls it; so are its printers.
      authorize: () => 'sandbox',
      printers,
      basePath: `${prefix}/${name}`,
      timeoutMs: 2_000,
    });
    return { printers, received, servers, sockets, handler };
  }

  return {
    printersOf: async (tenant) => (await tenantOf(tenant)).printers,
    received: (tenant) => [...(ready.get(tenant)?.received ?? [])],
    handles: (pathname) =>
      printPath.test(pathname) || receivedPath.test(pathname) || imagePath.test(pathname),
    async fetch(request) {
      const pathname = new URL(request.url).pathname;
      const image = imagePath.exec(pathname);
      if (image) {
        const tenant = await tenantOf(image[1] ?? '');
        const job = tenant.received.find((candidate) => candidate.seq === Number(image[2]));
        if (!job?.zpl)
          return Response.json({ error: 'not_found', message: 'No such ZPL job.' }, { status: 404 });
        let png = images.get(job);
        if (!png) {
          png = drawLabel(job.zpl);
          images.set(job, png);
        }
        const drawn = await png;
        if (!drawn)
          return Response.json(
            { error: 'unprocessable', message: 'The ZPL could not be drawn.' },
            { status: 422 },
          );
        return new Response(drawn, { headers: { 'content-type': 'image/png', 'cache-control': 'no-store' } });
      }
      const listed = receivedPath.exec(pathname)?.[1];
      if (listed !== undefined) {
        const method = request.method.toUpperCase();
        const tenant = await tenantOf(listed);
        if (method === 'DELETE') {
          tenant.received.splice(0);
          return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
        }
        if (method !== 'GET')
          return Response.json(
            { error: 'method_not_allowed' },
            { status: 405, headers: { allow: 'GET, DELETE' } },
          );
        return Response.json({ jobs: tenant.received }, { headers: { 'cache-control': 'no-store' } });
      }
      const tenant = printPath.exec(pathname)?.[1];
      if (tenant === undefined)
        return Response.json({ error: 'not_found', message: 'No such endpoint.' }, { status: 404 });
      return (await tenantOf(tenant)).handler(request);
    },
    async close() {
      const all = [...tenants.values()];
      tenants.clear();
      ready.clear();
      await Promise.all(all.map(closeTenant));
    },
  };
}

/** The ZPL drawn as a 4 × 6 in label at 8 dots per mm (203 dpi), or null when it cannot be. */
async function drawLabel(zpl: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    const { ready } = await import('zpl-renderer-js');
    const { api } = await ready;
    return new Uint8Array(Buffer.from(await api.zplToBase64Async(zpl, 101.6, 152.4, 8), 'base64'));
  } catch {
    return null;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
