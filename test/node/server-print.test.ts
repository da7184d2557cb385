import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createApiProxy, createPrintHandler, type PrinterConfig } from '../../src/server/index.js';
import type { AuthorizeResult } from '../../src/server/identity.js';
import {
  cupsInstalled,
  freePort,
  startCups,
  startRawPrinter,
  type CupsHandle,
  type RawPrinterHandle,
} from './helpers/printers.js';

const ZPL = '^XA^FO50,50^A0N,40,40^FDOrder 1001^FS^BY2^FO50,120^BCN,80,Y,N,N^FD1Z999AA10123456784^FS^XZ\n';
const PDF = '%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n';
const BASE = 'http://ops.test';

/** `authorize` by the `x-user` header: `clerk` may print, `viewer` may only read, none is null. */
function authorize(request: Request): AuthorizeResult {
  const user = request.headers.get('x-user');
  if (user === 'clerk') return { id: 'clerk', allow: ['read', 'print'] };
  if (user === 'viewer') return { id: 'viewer', allow: ['read'] };
  return null;
}

function job(
  printer: string,
  body: BodyInit,
  headers: Record<string, string> = {},
  path = `/printers/${printer}/jobs`,
): Request {
  return new Request(`${BASE}${path}`, {
    method: 'POST',
    body,
    headers: {
      'x-user': 'clerk',
      'content-type': 'application/x-zpl',
      'x-ops-document': 'label',
      'x-ops-order': '1001',
      ...headers,
    },
  });
}

describe('printer configuration', () => {
  const valid: PrinterConfig = {
    id: 'zebra',
    name: 'Zebra',
    uri: 'socket://10.0.0.5:9100',
    formats: ['ZPL'],
  };
  const refused: [string, PrinterConfig[], RegExp][] = [
    [
      'a scheme that is not socket, ipp or ipps',
      [{ ...valid, uri: 'http://10.0.0.5/print' }],
      /scheme "http"/,
    ],
    ['a socket URI without a port', [{ ...valid, uri: 'socket://10.0.0.5' }], /must name a port/],
    ['two printers with one id', [valid, { ...valid, name: 'Other' }], /"zebra" is used twice/],
    ['no formats', [{ ...valid, formats: [] }], /must name ZPL, PDF or both/],
    ['an unknown format', [{ ...valid, formats: ['EPL' as 'ZPL'] }], /"EPL": use ZPL or PDF/],
    [
      'ZPL to an IPP printer',
      [{ ...valid, uri: 'ipp://10.0.0.6/ipp/print' }],
      /IPP printer is sent PDF only/,
    ],
    ['an id the path cannot carry', [{ ...valid, id: 'a/b' }], /id must be 1 to 64 letters/],
  ];
  for (const [what, printers, message] of refused) {
    test(`refuses ${what} at creation`, () => {
      assert.throws(() => createPrintHandler({ authorize, printers }), message);
      assert.throws(
        () =>
          createApiProxy({
            upstream: 'https://api.test',
            authorize,
            apiKey: 'k',
            allowedOrigins: [],
            printers,
          }),
        message,
      );
    });
  }
  test('needs authorize', () => {
    assert.throws(
      () => createPrintHandler({ printers: [valid] } as unknown as Parameters<typeof createPrintHandler>[0]),
      /needs authorize/,
    );
  });
});

describe('print routes', () => {
  let zebra: RawPrinterHandle;
  let silent: RawPrinterHandle;
  let handler: (request: Request) => Promise<Response>;
  let deadPort: number;

  before(async () => {
    zebra = await startRawPrinter();
    silent = await startRawPrinter('silent');
    deadPort = await freePort();
    handler = createPrintHandler({
      authorize,
      maxBytes: 1024,
      timeoutMs: 400,
      printers: [
        { id: 'zebra', name: 'Packing Zebra', uri: zebra.uri, formats: ['ZPL'] },
        { id: 'both', name: 'Office printer', uri: zebra.uri, formats: ['ZPL', 'PDF'] },
        { id: 'hung', name: 'Hung printer', uri: silent.uri, formats: ['ZPL'] },
        { id: 'dead', name: 'Dead printer', uri: `socket://127.0.0.1:${deadPort}`, formats: ['ZPL'] },
      ],
    });
  });
  after(async () => {
    await zebra.close();
    await silent.close();
  });

  test('lists the printers with their names and formats, never a URI', async () => {
    const response = await handler(new Request(`${BASE}/printers`, { headers: { 'x-user': 'clerk' } }));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'private, no-store');
    const text = await response.text();
    assert.deepEqual(JSON.parse(text), {
      printers: [
        { id: 'zebra', name: 'Packing Zebra', formats: ['ZPL'] },
        { id: 'both', name: 'Office printer', formats: ['ZPL', 'PDF'] },
        { id: 'hung', name: 'Hung printer', formats: ['ZPL'] },
        { id: 'dead', name: 'Dead printer', formats: ['ZPL'] },
      ],
    });
    assert.doesNotMatch(text, /socket|127\.0\.0\.1|uri/);
  });

  test('the list is 401 without a signed-in caller and 403 without print', async () => {
    const anonymous = await handler(new Request(`${BASE}/printers`));
    assert.equal(anonymous.status, 401);
    assert.equal(((await anonymous.json()) as { error: string }).error, 'unauthorized');
    const viewer = await handler(new Request(`${BASE}/printers`, { headers: { 'x-user': 'viewer' } }));
    assert.equal(viewer.status, 403);
    assert.match(((await viewer.json()) as { message: string }).message, /\("print"\)/);
  });

  test('sends the ZPL to the raw printer exactly as it came', async () => {
    const before = zebra.jobs().length;
    const response = await handler(job('zebra', ZPL));
    assert.equal(response.status, 201);
    const body = (await response.json()) as { jobId: string; state: string };
    assert.equal(body.state, 'sent');
    assert.match(body.jobId, /^[0-9a-f-]{36}$/);
    const received = zebra.jobs().slice(before);
    assert.equal(received.length, 1);
    assert.equal(received[0]?.toString('latin1'), ZPL);
  });

  test('sends a PDF packing slip to a printer that takes PDF', async () => {
    const before = zebra.jobs().length;
    const response = await handler(
      job('both', PDF, {
        'content-type': 'application/pdf',
        'x-ops-document': 'packing-slip',
        'x-ops-order': '',
      }),
    );
    assert.equal(response.status, 201);
    assert.equal(zebra.jobs().slice(before)[0]?.toString('latin1'), PDF);
  });

  describe('refuses a job, sending nothing to any printer', () => {
    const cases: [string, () => Request, number, RegExp][] = [
      ['without a signed-in caller', () => job('zebra', ZPL, { 'x-user': '' }), 401, /Sign in/],
      ['without the print operation', () => job('zebra', ZPL, { 'x-user': 'viewer' }), 403, /"print"/],
      ['for an unknown printer', () => job('nope', ZPL), 404, /No printer "nope"/],
      [
        'with an unknown content type',
        () => job('zebra', ZPL, { 'content-type': 'text/plain' }),
        415,
        /application\/pdf or application\/x-zpl/,
      ],
      [
        'in a format the printer does not take',
        () => job('zebra', PDF, { 'content-type': 'application/pdf' }),
        415,
        /does not take PDF; it takes ZPL/,
      ],
      [
        'PDF bytes that are not a PDF',
        () => job('both', `${ZPL}`, { 'content-type': 'application/pdf' }),
        400,
        /not a PDF/,
      ],
      ['ZPL bytes that are not ZPL', () => job('zebra', '^XA^FDno end'), 400, /not ZPL/],
      ['ZPL whose ^XZ comes before ^XA', () => job('zebra', '^XZ hello ^XA'), 400, /not ZPL/],
      ['an empty file', () => job('zebra', ''), 400, /empty/],
      ['without X-Ops-Document', () => job('zebra', ZPL, { 'x-ops-document': '' }), 400, /X-Ops-Document/],
      [
        'with an unknown X-Ops-Document',
        () => job('zebra', ZPL, { 'x-ops-document': 'invoice' }),
        400,
        /X-Ops-Document/,
      ],
      ['a label without X-Ops-Order', () => job('zebra', ZPL, { 'x-ops-order': '' }), 400, /X-Ops-Order/],
      [
        'past maxBytes by its Content-Length',
        () => job('zebra', `^XA${'x'.repeat(2000)}^XZ`),
        413,
        /larger than 1024/,
      ],
      [
        'past maxBytes while it is read (no Content-Length)',
        () => {
          let sent = 0;
          const stream = new ReadableStream<Uint8Array>({
            pull(controller) {
              sent += 1;
              // Far more than the limit, were it all read.
              if (sent > 1000) controller.close();
              else controller.enqueue(new TextEncoder().encode(`^XA${'x'.repeat(500)}^XZ`));
            },
          });
          return new Request(`${BASE}/printers/zebra/jobs`, {
            method: 'POST',
            body: stream,
            duplex: 'half',
            headers: {
              'x-user': 'clerk',
              'content-type': 'application/x-zpl',
              'x-ops-document': 'label',
              'x-ops-order': '7',
            },
          } as RequestInit);
        },
        413,
        /larger than 1024/,
      ],
    ];
    for (const [what, request, status, message] of cases) {
      test(`${status} ${what}`, async () => {
        const connections = zebra.connections();
        const response = await handler(request());
        assert.equal(response.status, status);
        assert.match(response.headers.get('content-type') ?? '', /application\/json/);
        const body = (await response.json()) as { error: string; message: string };
        assert.match(body.message, message);
        assert.equal(typeof body.error, 'string');
        assert.equal(zebra.connections(), connections, 'no printer was contacted');
      });
    }
    test('405 for another method, 404 for another path', async () => {
      const get = await handler(
        new Request(`${BASE}/printers/zebra/jobs`, { headers: { 'x-user': 'clerk' } }),
      );
      assert.equal(get.status, 405);
      assert.equal(get.headers.get('allow'), 'POST');
      const other = await handler(new Request(`${BASE}/printers/zebra`, { headers: { 'x-user': 'clerk' } }));
      assert.equal(other.status, 404);
    });
  });

  test('a printer nobody listens for is a bounded 504, failed', async () => {
    const started = Date.now();
    const response = await handler(job('dead', ZPL));
    assert.equal(response.status, 504);
    const body = (await response.json()) as { error: string; state: string; message: string; jobId: string };
    assert.equal(body.state, 'failed');
    assert.equal(body.error, 'printer_unreachable');
    assert.match(body.message, /^Dead printer: .*ECONNREFUSED/);
    assert.ok(Date.now() - started < 2000);
  });

  test('a printer that takes the connection but never answers is a 504 after timeoutMs', async () => {
    const started = Date.now();
    const response = await handler(job('hung', ZPL));
    const took = Date.now() - started;
    assert.equal(response.status, 504);
    const body = (await response.json()) as { error: string; state: string; message: string };
    assert.equal(body.state, 'failed');
    assert.equal(body.error, 'printer_timeout');
    assert.match(body.message, /did not answer in time/);
    assert.ok(took >= 350 && took < 2000, `took ${took} ms`);
  });

  test('an IPP printer that never answers is a 504 after timeoutMs', async () => {
    const ipp = createPrintHandler({
      authorize,
      timeoutMs: 300,
      printers: [
        { id: 'ipp', name: 'Hung IPP', uri: `ipp://127.0.0.1:${silent.port}/ipp/print`, formats: ['PDF'] },
      ],
    });
    const started = Date.now();
    const response = await ipp(
      job('ipp', PDF, { 'content-type': 'application/pdf', 'x-ops-document': 'pick-list' }),
    );
    assert.equal(response.status, 504);
    assert.equal(((await response.json()) as { state: string }).state, 'failed');
    assert.ok(Date.now() - started < 2000);
  });

  test('basePath: the routes answer under it only', async () => {
    const mounted = createPrintHandler({
      authorize,
      basePath: '/ops/',
      printers: [{ id: 'zebra', name: 'Zebra', uri: zebra.uri, formats: ['ZPL'] }],
    });
    const listed = await mounted(new Request(`${BASE}/ops/printers`, { headers: { 'x-user': 'clerk' } }));
    assert.equal(listed.status, 200);
    const outside = await mounted(new Request(`${BASE}/printers`, { headers: { 'x-user': 'clerk' } }));
    assert.equal(outside.status, 404);
  });

  test('onJob hears of each job sent, with its caller and order, never its file', async () => {
    const heard: unknown[] = [];
    const logged = createPrintHandler({
      authorize,
      onJob: (record) => heard.push(record),
      printers: [{ id: 'zebra', name: 'Zebra', uri: zebra.uri, formats: ['ZPL'] }],
    });
    const response = await logged(job('zebra', ZPL));
    const { jobId } = (await response.json()) as { jobId: string };
    assert.deepEqual(heard, [
      {
        jobId,
        printerId: 'zebra',
        caller: 'clerk',
        document: 'label',
        order: '1001',
        format: 'ZPL',
        bytes: ZPL.length,
        state: 'sent',
      },
    ]);
  });
});

describe('the API proxy mounts the print routes', () => {
  let zebra: RawPrinterHandle;
  const upstreamCalls: string[] = [];
  let proxy: (request: Request) => Promise<Response>;
  const origin = 'https://admin.example';

  before(async () => {
    zebra = await startRawPrinter();
    proxy = createApiProxy({
      upstream: 'https://api.test',
      authorize,
      apiKey: 'server-key',
      allowedOrigins: [origin],
      basePath: '/ops',
      rateLimit: false,
      printers: [{ id: 'zebra', name: 'Packing Zebra', uri: zebra.uri, formats: ['ZPL'] }],
      print: { maxBytes: 4096, timeoutMs: 1000 },
      fetch: (input) => {
        upstreamCalls.push(String(input instanceof Request ? input.url : input));
        return Promise.resolve(Response.json({}));
      },
    });
  });
  after(() => zebra.close());

  test('lists and prints under its base path, with its CORS, and nothing goes upstream', async () => {
    const listed = await proxy(
      new Request(`${BASE}/ops/printers`, { headers: { 'x-user': 'clerk', origin } }),
    );
    assert.equal(listed.status, 200);
    assert.equal(listed.headers.get('access-control-allow-origin'), origin);
    assert.deepEqual(await listed.json(), {
      printers: [{ id: 'zebra', name: 'Packing Zebra', formats: ['ZPL'] }],
    });

    const before = zebra.jobs().length;
    const printed = await proxy(job('zebra', ZPL, { origin }, '/ops/printers/zebra/jobs'));
    assert.equal(printed.status, 201);
    assert.equal(((await printed.json()) as { state: string }).state, 'sent');
    assert.equal(zebra.jobs().slice(before)[0]?.toString('latin1'), ZPL);
    assert.deepEqual(upstreamCalls, []);
  });

  test('refuses as the handler does: 403 without print, 415 a format it does not take', async () => {
    const connections = zebra.connections();
    const viewer = await proxy(job('zebra', ZPL, { 'x-user': 'viewer' }, '/ops/printers/zebra/jobs'));
    assert.equal(viewer.status, 403);
    const pdf = await proxy(
      job('zebra', PDF, { 'content-type': 'application/pdf' }, '/ops/printers/zebra/jobs'),
    );
    assert.equal(pdf.status, 415);
    const anonymous = await proxy(new Request(`${BASE}/ops/printers`));
    assert.equal(anonymous.status, 401);
    assert.equal(zebra.connections(), connections);
    assert.deepEqual(upstreamCalls, []);
  });

  test('answers the preflight of a job with its headers', async () => {
    const preflight = await proxy(
      new Request(`${BASE}/ops/printers/zebra/jobs`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, x-ops-document, x-ops-order',
        },
      }),
    );
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'POST');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /x-ops-document, x-ops-order/);
  });

  test('the session tells the browser whether the role may print', async () => {
    const clerk = await proxy(new Request(`${BASE}/ops/session`, { headers: { 'x-user': 'clerk' } }));
    assert.deepEqual(((await clerk.json()) as { allow: string[] }).allow, ['read', 'print']);
    const viewer = await proxy(new Request(`${BASE}/ops/session`, { headers: { 'x-user': 'viewer' } }));
    assert.deepEqual(((await viewer.json()) as { allow: string[] }).allow, ['read']);
  });

  test('without printers the paths are the proxy’s 404', async () => {
    const bare = createApiProxy({
      upstream: 'https://api.test',
      authorize,
      apiKey: 'server-key',
      allowedOrigins: [],
      rateLimit: false,
      fetch: () => Promise.reject(new Error('not called')),
    });
    const response = await bare(new Request(`${BASE}/printers`, { headers: { 'x-user': 'clerk' } }));
    assert.equal(response.status, 404);
  });
});

describe(
  'an IPP printer: a CUPS scheduler of the test’s own',
  { skip: !cupsInstalled() && 'cupsd is not installed' },
  () => {
    let cups: CupsHandle;
    before(async () => {
      cups = await startCups();
    });
    after(() => cups?.stop());

    test('the PDF reaches the queue’s device and the job state is read back', async () => {
      const handler = createPrintHandler({
        authorize,
        timeoutMs: 5000,
        jobStateWaitMs: 5000,
        printers: [{ id: 'office', name: 'Office laser', uri: cups.uri, formats: ['PDF'] }],
      });
      const response = await handler(
        job('office', PDF, {
          'content-type': 'application/pdf',
          'x-ops-document': 'packing-slip',
          'x-ops-order': '1001',
        }),
      );
      assert.equal(response.status, 201);
      const body = (await response.json()) as { state: string; jobId: string };
      assert.equal(body.state, 'printed');
      assert.equal(cups.printed().toString('latin1'), PDF);
    });

    test('a printer queue that does not exist fails with the printer’s message', async () => {
      const handler = createPrintHandler({
        authorize,
        timeoutMs: 5000,
        printers: [
          { id: 'gone', name: 'Gone', uri: cups.uri.replace('test-pdf', 'no-such-queue'), formats: ['PDF'] },
        ],
      });
      const response = await handler(
        job('gone', PDF, { 'content-type': 'application/pdf', 'x-ops-document': 'pick-list' }),
      );
      assert.equal(response.status, 201);
      const body = (await response.json()) as { state: string; message: string };
      assert.equal(body.state, 'failed');
      assert.match(body.message, /refused the job/);
    });
  },
);
