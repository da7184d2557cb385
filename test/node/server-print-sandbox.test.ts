import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandboxHost } from '../../src/sandbox/host.js';
import {
  createStandInPrinters,
  type ReceivedPrint,
  type StandInPrinters,
} from '../../src/sandbox/printer.js';
import { toNodeListener } from '../../src/server/node.js';
import { roleProxies } from '../../scripts/role-proxies.js';

const ZPL = '^XA^FO40,40^A0N,30,30^FDSandbox label^FS^XZ';
const PDF = '%PDF-1.7\n% a packing slip\n%%EOF\n';

/** The dev server's mounting of the stand-in printers and the role proxies, on a free port. */
describe('the sandbox’s stand-in printers', () => {
  let printers: StandInPrinters;
  let server: Server;
  let base: string;

  before(async () => {
    const host = createSandboxHost({ prefix: '/sandbox' });
    printers = createStandInPrinters({ prefix: host.prefix });
    const printerListener = toNodeListener(printers.fetch);
    const proxies = roleProxies(host, printers);
    server = createServer((req, res) => {
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (printers.handles(pathname)) return void printerListener(req, res);
      const proxied = proxies.listenerFor(pathname);
      if (proxied) return void proxied(req, res);
      if (host.handles(pathname)) return void host.listener(req, res);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await printers.close();
  });

  const print = (path: string, body: string, type: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': type, 'x-ops-document': 'label', 'x-ops-order': '1001', ...headers },
    });
  const received = async (tenant: string): Promise<ReceivedPrint[]> =>
    ((await (await fetch(`${base}/stand-in-printer/${tenant}/jobs`)).json()) as { jobs: ReceivedPrint[] })
      .jobs;

  test('each tenant lists its two printers, without their URIs', async () => {
    const response = await fetch(`${base}/sandbox/t-list/printers`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {
      printers: [
        { id: 'sandbox-zebra', name: 'Sandbox Zebra', formats: ['ZPL'] },
        { id: 'sandbox-pdf', name: 'Sandbox PDF printer', formats: ['PDF'] },
      ],
    });
  });

  test('keeps what it receives, per tenant, and forgets it on DELETE', async () => {
    const label = await print('/sandbox/t-one/printers/sandbox-zebra/jobs', ZPL, 'application/x-zpl');
    assert.equal(label.status, 201);
    assert.equal(((await label.json()) as { state: string }).state, 'sent');
    const slip = await print('/sandbox/t-one/printers/sandbox-pdf/jobs', PDF, 'application/pdf', {
      'x-ops-document': 'packing-slip',
    });
    assert.equal(slip.status, 201);

    const jobs = await received('t-one');
    assert.equal(jobs.length, 2);
    assert.equal(jobs[0]?.printerId, 'sandbox-zebra');
    assert.equal(jobs[0]?.zpl, ZPL);
    assert.equal(jobs[1]?.printerId, 'sandbox-pdf');
    assert.equal(Buffer.from(jobs[1]?.pdfBase64 ?? '', 'base64').toString('latin1'), PDF);
    assert.deepEqual(printers.received('t-one'), jobs);
    assert.deepEqual(await received('t-other'), []);

    assert.equal((await fetch(`${base}/stand-in-printer/t-one/jobs`, { method: 'DELETE' })).status, 204);
    assert.deepEqual(await received('t-one'), []);
  });

  test('the role proxies print to it: staff may, a viewer may not', async () => {
    const staff = await print('/proxy/staff/t-roles/printers/sandbox-zebra/jobs', ZPL, 'application/x-zpl');
    assert.equal(staff.status, 201);
    const viewer = await print('/proxy/viewer/t-roles/printers/sandbox-zebra/jobs', ZPL, 'application/x-zpl');
    assert.equal(viewer.status, 403);
    assert.equal((await received('t-roles')).length, 1);
    const session = (await (await fetch(`${base}/proxy/staff/t-roles/session`)).json()) as {
      allow: string[];
    };
    assert.ok(session.allow.includes('print'));
  });

  test('draws a ZPL job it received as a PNG of the label', async () => {
    await print('/sandbox/t-image/printers/sandbox-zebra/jobs', ZPL, 'application/x-zpl');
    const [job] = await received('t-image');
    assert.equal(job?.seq, 1);
    assert.equal(job?.pngUrl, '/stand-in-printer/t-image/jobs/1.png');
    const image = await fetch(`${base}${job?.pngUrl ?? ''}`);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    const png = Buffer.from(await image.arrayBuffer());
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    // 4 × 6 in at 8 dots per mm: 813 × 1220 dots, rounded up (the IHDR's width and height).
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [813, 1220]);
    assert.equal((await fetch(`${base}/stand-in-printer/t-image/jobs/9.png`)).status, 404);
  });

  test('refuses what a real printer would not get: ZPL to the PDF printer', async () => {
    const response = await print('/sandbox/t-refuse/printers/sandbox-pdf/jobs', ZPL, 'application/x-zpl');
    assert.equal(response.status, 415);
    assert.deepEqual(await received('t-refuse'), []);
  });
});
