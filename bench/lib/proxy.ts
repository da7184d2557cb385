/**
 * The API proxy passing on a rates answer of several MB (6,000 quotes): how long the event loop is
 * held up at most while the proxy reads it (scrubbing its secrets and learning its quotes' charges
 * for spend limits), measured as the longest a 1 ms timer waited beyond its time: what another
 * request waits meanwhile, V8's garbage collection included. Clock time, so it is measured on a quiet
 * machine. Runs in this Node process, against the sandbox as the upstream.
 */
import { createApiProxy } from '../../src/server/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/seed-ids.js';
import { summarize, round } from './stats.js';

export interface ProxyResult {
  /** Bytes of the rates answer passed on. */
  answerBytes: number;
  quotes: number;
  /** The longest stall of the event loop while the answer was read, median over the runs, in ms. */
  longestStallMs: number;
  /** The longest stall of any run. */
  worstStallMs: number;
  /** Turns of the 1 ms timer while the answer was read (fewest of the runs). */
  turns: number;
  /** Clock time from the request to the proxy's answer, median, in ms. */
  ms: number;
  runs: number;
}

const RATES = '/shipping/api/v1/rates';
const QUOTES = 6000;
const RUNS = 7;

function ratesAnswer(): Uint8Array {
  const quotes = Array.from({ length: QUOTES }, (_, index) => ({
    rate_id: `rate-${index}`,
    total_charge: `${(index % 40) + 1}.50`,
    currency: 'GBP',
    carrier_id: 'UPS',
    service_name: 'Express Saver with a long service name',
    charges: Array.from({ length: 4 }, (_, charge) => ({
      price: charge,
      charge_id: `c-${charge}`,
      charge_title: 'Fuel surcharge',
      charge_type: 'MANDATORY',
    })),
    shipping_service_options: [{ key: 'signature', title: 'Signature', type: 'select', values: [] }],
    description: 'x'.repeat(300),
  }));
  return new TextEncoder().encode(JSON.stringify({ remote_shipment_id: 'parcel-1', quotes }));
}

/** The answer in pieces of 64 KB, one a turn, as a network would deliver it. */
function inPieces(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve));
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}

async function oneRun(bytes: Uint8Array): Promise<{ stallMs: number; turns: number; ms: number }> {
  const sandbox = createSandbox();
  const proxy = createApiProxy({
    upstream: 'http://sandbox.test',
    // A caller with a money limit: the proxy reads every quote's charge as well as scrubbing.
    authorize: () => ({ id: 'bench', limits: { maxLabelCharge: 10 } }),
    apiKey: SANDBOX_CREDENTIALS.apiKey,
    allowedOrigins: [],
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === RATES)
        return new Response(inPieces(bytes), { headers: { 'content-type': 'application/json' } });
      return sandbox.fetch(request);
    },
  });
  let stallMs = 0;
  let turns = 0;
  let waiting = true;
  const watch = (async () => {
    while (waiting) {
      const before = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 1));
      stallMs = Math.max(stallMs, performance.now() - before - 1);
      turns += 1;
    }
  })();
  const started = performance.now();
  const response = await proxy(
    new Request(`http://shop.test${RATES}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
  );
  const ms = performance.now() - started;
  waiting = false;
  await watch;
  // Read after the watch: turning the answer into one string is the bench's work, not the proxy's.
  const text = await response.text();
  if (response.status !== 200 || text.length !== bytes.length)
    throw new Error(`the proxy answered ${response.status} with ${text.length} bytes`);
  return { stallMs, turns, ms };
}

export async function measureProxy(): Promise<ProxyResult> {
  const bytes = ratesAnswer();
  // One run first, not counted: the schemas' and the scrubber's code is compiled on it.
  await oneRun(bytes);
  const runs: Array<{ stallMs: number; turns: number; ms: number }> = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await oneRun(bytes));
  return {
    answerBytes: bytes.length,
    quotes: QUOTES,
    longestStallMs: summarize(runs.map((run) => run.stallMs)).median,
    worstStallMs: round(Math.max(...runs.map((run) => run.stallMs))),
    turns: Math.min(...runs.map((run) => run.turns)),
    ms: summarize(runs.map((run) => run.ms)).median,
    runs: RUNS,
  };
}
