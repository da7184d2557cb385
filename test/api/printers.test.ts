import { expect } from '@open-wc/testing';
import { createClient, isOpsError, listPrinters, sendPrintJob } from '../../src/api/index.js';
import type { OpsClient, OpsError } from '../../src/api/index.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import { stubClient } from './setup.js';
import { json } from './stub-fetch.js';
import type { TestSandbox } from '../helpers/sandbox.js';

/**
 * The client's print calls against the print routes of `commerce-ops-elements/server`, over real
 * HTTP: the test server mounts them for each sandbox tenant in front of its stand-in printers
 * (raw loopback listeners, `src/sandbox/printer.ts`), which keep what they received.
 */
interface ReceivedJob {
  printerId: string;
  format: string;
  zpl?: string;
  pdfBase64?: string;
}

const ZPL = '^XA^FO50,50^A0N,40,40^FDSB-1003^FS^XZ';

let sandbox: TestSandbox;
let client: OpsClient;

function tenant(): string {
  return new URL(sandbox.baseUrl).pathname.split('/').pop()!;
}

async function received(): Promise<ReceivedJob[]> {
  const answer = await fetch(`${location.origin}/stand-in-printer/${tenant()}/jobs`);
  return ((await answer.json()) as { jobs: ReceivedJob[] }).jobs;
}

async function refusal(during: Promise<unknown>): Promise<OpsError> {
  try {
    await during;
  } catch (error) {
    if (isOpsError(error)) return error;
    throw error;
  }
  throw new Error('the job was not refused');
}

describe('printers through the host server', () => {
  beforeEach(() => {
    sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
  });

  it('lists the printers by id, name and formats, never their addresses', async () => {
    const printers = await client.listPrinters();
    expect(printers!.map(({ id, name, formats }) => ({ id, name, formats }))).to.deep.equal([
      { id: 'sandbox-zebra', name: 'Sandbox Zebra', formats: ['ZPL'] },
      { id: 'sandbox-pdf', name: 'Sandbox PDF printer', formats: ['PDF'] },
    ]);
    expect(JSON.stringify(printers)).not.to.match(/socket:|ipp:|127\.0\.0\.1/);
    expect(await listPrinters(client), 'the endpoint function alone').to.deep.equal(printers);
  });

  it('has no printers where the server has no print routes (404)', async () => {
    const direct = createClient({ baseUrl: `${location.origin}/no-such-server`, credentials: undefined });
    expect(await direct.listPrinters()).to.equal(null);
  });

  it('sends a ZPL label to the thermal printer as it is, naming its order', async () => {
    const job = await client.sendPrintJob('sandbox-zebra', new Blob([ZPL], { type: 'application/x-zpl' }), {
      document: 'label',
      orderNumber: 'SB-1003',
    });
    expect(job.state).to.equal('sent');
    expect(job.jobId).to.be.a('string').and.not.equal('');
    const jobs = await received();
    expect(jobs.map((entry) => [entry.printerId, entry.format, entry.zpl])).to.deep.equal([
      ['sandbox-zebra', 'ZPL', ZPL],
    ]);
  });

  it('sends a PDF document to the PDF printer', async () => {
    const pdf = new Blob(['%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'], {
      type: 'application/pdf',
    });
    const job = await sendPrintJob(client, 'sandbox-pdf', pdf, { document: 'pick-list' });
    expect(job.state).to.equal('sent');
    const jobs = await received();
    expect(jobs).to.have.length(1);
    expect(atob(jobs[0]!.pdfBase64!).startsWith('%PDF-')).to.equal(true);
  });

  it('is refused, printing nothing, for a format the printer does not take, bytes that are not the format, or an unknown printer', async () => {
    const asPdf = new Blob(['%PDF-1.7\n%%EOF\n'], { type: 'application/pdf' });
    const wrongFormat = await refusal(client.sendPrintJob('sandbox-zebra', asPdf, { document: 'label' }));
    expect(wrongFormat.status).to.equal(415);
    const notZpl = new Blob(['hello printer'], { type: 'application/x-zpl' });
    const notTheFormat = await refusal(client.sendPrintJob('sandbox-zebra', notZpl, { document: 'label' }));
    expect(notTheFormat.status).to.equal(400);
    const unknown = await refusal(
      client.sendPrintJob('front-desk', new Blob([ZPL], { type: 'application/x-zpl' }), {
        document: 'label',
      }),
    );
    expect(unknown.status).to.equal(404);
    expect(unknown.message, 'the server says why').to.not.equal('');
    expect(await received()).to.deep.equal([]);
  });

  it('sends a job once: a 5xx or a dropped connection is not sent again, which could print twice', async () => {
    const { stub, client: stubbed } = stubClient();
    stub.reply(() => json({ error: 'printer_timeout', state: 'failed', message: 'No answer' }, 504));
    const timedOut = await refusal(
      stubbed.sendPrintJob('zebra', new Blob([ZPL], { type: 'application/x-zpl' }), {
        document: 'label',
        orderNumber: 'SB-1003',
      }),
    );
    expect(timedOut.status).to.equal(504);
    expect(stub.calls).to.have.length(1);
    expect(stub.last.headers.get('content-type')).to.equal('application/x-zpl');
    expect(stub.last.headers.get('x-ops-document')).to.equal('label');
    expect(stub.last.headers.get('x-ops-order')).to.equal('SB-1003');
    stub.failNetwork();
    await refusal(
      stubbed.sendPrintJob('zebra', new Blob([ZPL], { type: 'application/x-zpl' }), { document: 'label' }),
    );
    expect(stub.calls).to.have.length(2);
  });
});
