import { expect } from '@open-wc/testing';
import type { OpsError } from '../../src/api/index.js';
import { backoffDelay, retryAfterMs } from '../../src/api/backoff.js';
import { withFakeTimers } from '../helpers/time.js';
import { stubClient } from './setup.js';
import { empty, json, rejectionOf } from './stub-fetch.js';

const shipmentInput = { destination_address: {}, collection_address: {}, service_code: 'RM' };

describe('transport policy', () => {
  describe('retries', () => {
    it('a GET that gets a 429 and then a 200 is retried', async () => {
      const { stub, client } = stubClient();
      stub.reply(() => empty(429)).replyJson({ id: 1 });
      const order = await client.getOrder(1);
      expect(order.id).to.equal(1);
      expect(stub.calls).to.have.length(2);
    });

    it('a POST that gets a 429 is retried too (nothing was done)', async () => {
      const { stub, client } = stubClient();
      stub.reply(() => empty(429)).replyJson({ id: 9, text: 'hi' }, 201);
      const note = await client.addOrderNote(1, 'hi');
      expect(note.id).to.equal(9);
      expect(stub.calls).to.have.length(2);
      expect(stub.calls[1]!.body).to.deep.equal({ note: { text: 'hi' } });
    });

    it('honours Retry-After', async () => {
      await withFakeTimers(async (clock) => {
        // No deadline: the only timer is the wait before the retry.
        const { stub, client } = stubClient({ retry: { baseDelayMs: 1 }, timeoutMs: Infinity });
        stub.reply(() => empty(429, { 'Retry-After': '1' })).replyJson({ id: 1 });
        const order = client.getOrder(1);
        // The 429 is read (a body may take the browser a task or two): the wait is set.
        for (let turn = 0; turn < 50 && clock.countTimers() === 0; turn += 1) await clock.tickAsync(0);
        expect(clock.countTimers(), 'the retry waits').to.equal(1);
        await clock.tickAsync(990);
        expect(stub.calls, 'asked again before the second Retry-After named').to.have.length(1);
        await clock.tickAsync(20);
        expect((await order).id).to.equal(1);
        expect(stub.calls).to.have.length(2);
      });
    });

    it('gives up with rate_limited when Retry-After outlasts the timeout', async () => {
      const { stub, client } = stubClient({ timeoutMs: 500 });
      stub.reply(() => empty(429, { 'Retry-After': '60' }));
      const started = performance.now();
      const error = (await rejectionOf(client.getOrder(1))) as OpsError;
      expect(error.code).to.equal('rate_limited');
      expect(performance.now() - started).to.be.below(400);
      expect(stub.calls).to.have.length(1);
    });

    it('a GET, PUT or DELETE that gets a 5xx is retried', async () => {
      const { stub, client } = stubClient();
      stub.reply(() => empty(503)).replyJson({ id: 1 });
      await client.getOrder(1);
      stub.reply(() => empty(500)).replyJson({ id: 2, name: 'x' });
      await client.updateDeliveryMethod(2, { name: 'x' });
      stub.reply(() => empty(502)).reply(() => empty(200));
      await client.deleteAllocation(1, 2);
      expect(stub.calls.map((call) => call.method)).to.deep.equal([
        'GET',
        'GET',
        'PUT',
        'PUT',
        'DELETE',
        'DELETE',
      ]);
    });

    it('a GET that meets a network error is retried', async () => {
      const { stub, client } = stubClient();
      stub.failNetwork().replyJson({ id: 1 });
      await client.getOrder(1);
      expect(stub.calls).to.have.length(2);
    });

    it('a POST note that gets a 500 is sent exactly once', async () => {
      const { stub, client } = stubClient();
      stub.always(() => empty(500));
      const error = (await rejectionOf(client.addOrderNote(1, 'hi'))) as OpsError;
      expect(error.code).to.equal('server');
      expect(stub.calls).to.have.length(1);
    });

    it('a POST that meets a network error is sent exactly once', async () => {
      const { stub, client } = stubClient();
      stub.always(() => Promise.reject(new TypeError('Failed to fetch')));
      const error = (await rejectionOf(
        client.createAllocation(1, { warehouseId: 1, lineItems: [] }),
      )) as OpsError;
      expect(error.code).to.equal('network');
      expect(error.status).to.equal(0);
      expect(stub.calls).to.have.length(1);
    });

    it('stops after the configured number of retries', async () => {
      const { stub, client } = stubClient({ retry: { retries: 2, baseDelayMs: 1 } });
      stub.always(() => empty(500));
      const error = (await rejectionOf(client.getOrder(1))) as OpsError;
      expect(error.code).to.equal('server');
      expect(stub.calls).to.have.length(3);
    });

    describe('bookings are never resent', () => {
      const cases: Array<[string, () => Response | Promise<Response>, string]> = [
        ['a 500', () => empty(500), 'server'],
        ['a 429', () => empty(429), 'rate_limited'],
        ['a 503 with Retry-After', () => empty(503, { 'Retry-After': '0' }), 'server'],
        ['a network error', () => Promise.reject(new TypeError('Failed to fetch')), 'network'],
      ];
      for (const [what, answer, code] of cases) {
        it(`bookShipments after ${what}: one request`, async () => {
          const { stub, client } = stubClient();
          stub.always(answer);
          const error = (await rejectionOf(
            client.bookShipments({ shipments: [{ rate_id: 'r' }] }),
          )) as OpsError;
          expect(error.code).to.equal(code);
          expect(stub.calls).to.have.length(1);
        });

        it(`createShipment after ${what}: one request`, async () => {
          const { stub, client } = stubClient({ appToken: 'app' });
          stub.always(answer);
          const error = (await rejectionOf(client.createShipment(shipmentInput))) as OpsError;
          expect(error.code).to.equal(code);
          expect(stub.calls).to.have.length(1);
        });
      }

      it('bookShipments after a 401 with a bearer token: one request', async () => {
        const { stub, client } = stubClient({ credentials: { getToken: () => 't' } });
        stub.always(() => empty(401));
        const error = (await rejectionOf(
          client.bookShipments({ shipments: [{ rate_id: 'r' }] }),
        )) as OpsError;
        expect(error.code).to.equal('unauthorized');
        expect(stub.calls).to.have.length(1);
      });
    });

    it('backoff grows exponentially, with jitter between half and all of the step', () => {
      expect(backoffDelay(0, 500, () => 0)).to.equal(250);
      expect(backoffDelay(0, 500, () => 1)).to.equal(500);
      expect(backoffDelay(2, 500, () => 0)).to.equal(1000);
      expect(backoffDelay(2, 500, () => 1)).to.equal(2000);
      expect(backoffDelay(30, 500, () => 1)).to.equal(20_000);
    });

    it('reads Retry-After as seconds or as an HTTP date', () => {
      const now = Date.parse('2026-01-01T00:00:00Z');
      expect(retryAfterMs('3', now)).to.equal(3000);
      expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).to.equal(5000);
      expect(retryAfterMs('soon', now)).to.equal(undefined);
      expect(retryAfterMs(null, now)).to.equal(undefined);
    });
  });

  describe('throttle', () => {
    it('lets a burst through at once, then spaces requests at the steady rate', async () => {
      const { stub, client } = stubClient({ rateLimit: { perSecond: 5, burst: 2 } });
      stub.always(() => json([]));
      const start = performance.now();
      await Promise.all([client.listTags(), client.listChannels(), client.listOrders()]);
      const [first, second, third] = stub.calls.map((call) => call.at) as [number, number, number];
      expect(second - first).to.be.below(100);
      // 200 ms at 5 a second: the third token comes no sooner than 200 ms after the first two were
      // taken, which was after \`start\` (measured from there, a slow first call cannot hide it).
      expect(third - start).to.be.at.least(190);
      expect(third - first).to.be.below(600);
    });

    it('applies to retries as well', async () => {
      const { stub, client } = stubClient({ rateLimit: { perSecond: 5, burst: 1 } });
      stub.reply(() => empty(503)).replyJson({ id: 1 });
      await client.getOrder(1);
      expect(stub.calls[1]!.at - stub.calls[0]!.at).to.be.at.least(150);
    });

    it('with rateLimit: false sends everything at once', async () => {
      const { stub, client } = stubClient({ rateLimit: false });
      stub.always(() => json([]));
      await Promise.all(Array.from({ length: 5 }, (_, page) => client.listOrders({ page: page + 1 })));
      const times = stub.calls.map((call) => call.at);
      expect(Math.max(...times) - Math.min(...times)).to.be.below(100);
    });

    it('a request aborted while it waits for its turn is never sent', async () => {
      const { stub, client } = stubClient({ rateLimit: { perSecond: 1, burst: 1 } });
      stub.always(() => json([]));
      await client.listTags();
      const controller = new AbortController();
      const waiting = client.listOrders({ signal: controller.signal });
      setTimeout(() => controller.abort(), 20);
      const error = (await rejectionOf(waiting)) as OpsError;
      expect(error.code).to.equal('aborted');
      expect(stub.calls).to.have.length(1);
    });

    it('keeps a separate bucket per client', async () => {
      const limits = { rateLimit: { perSecond: 1, burst: 1 } };
      const a = stubClient(limits);
      const b = stubClient(limits);
      a.stub.always(() => json([]));
      b.stub.always(() => json([]));
      const started = performance.now();
      await Promise.all([a.client.listTags(), b.client.listTags()]);
      expect(performance.now() - started).to.be.below(300);
    });
  });

  describe('in-flight sharing', () => {
    it('identical GETs in flight share one request', async () => {
      const { stub, client } = stubClient();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      stub.reply(async () => {
        await gate;
        return json({ id: 1, status: 'open' });
      });
      const first = client.getOrder(1, { cache: 'reload' });
      const second = client.getOrder(1, { cache: 'reload' });
      release();
      const [a, b] = await Promise.all([first, second]);
      expect(stub.calls).to.have.length(1);
      expect(a.status).to.equal('open');
      expect(b.status).to.equal('open');
    });

    it('different GETs and GETs after completion are not shared', async () => {
      const { stub, client } = stubClient();
      stub.always((request) => json({ id: Number(request.url.pathname.split('/').pop()) }));
      await Promise.all([client.getOrder(1, { cache: 'reload' }), client.getOrder(2, { cache: 'reload' })]);
      await client.getOrder(1, { cache: 'reload' });
      expect(stub.calls).to.have.length(3);
    });

    it('POSTs are never shared', async () => {
      const { stub, client } = stubClient();
      stub.always(() => json({ id: 1, text: 'x' }, 201));
      await Promise.all([client.addOrderNote(1, 'x'), client.addOrderNote(1, 'x')]);
      expect(stub.calls).to.have.length(2);
    });

    it('one caller aborting does not cancel the request for the others', async () => {
      const { stub, client } = stubClient();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      stub.reply(async () => {
        await gate;
        return json({ id: 1 });
      });
      const controller = new AbortController();
      const leaving = client.getOrder(1, { cache: 'reload', signal: controller.signal });
      const staying = client.getOrder(1, { cache: 'reload' });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(stub.calls).to.have.length(1);
      controller.abort();
      const error = (await rejectionOf(leaving)) as OpsError;
      expect(error.code).to.equal('aborted');
      expect(stub.calls[0]!.signal!.aborted).to.equal(false);
      release();
      expect((await staying).id).to.equal(1);
      expect(stub.calls).to.have.length(1);
    });

    it('the request is cancelled when every caller has aborted', async () => {
      const { stub, client } = stubClient();
      stub.hang();
      const one = new AbortController();
      const two = new AbortController();
      const first = client.getOrder(1, { cache: 'reload', signal: one.signal });
      const second = client.getOrder(1, { cache: 'reload', signal: two.signal });
      await new Promise((resolve) => setTimeout(resolve, 10));
      one.abort();
      expect(stub.calls[0]!.signal!.aborted).to.equal(false);
      two.abort();
      expect(stub.calls[0]!.signal!.aborted).to.equal(true);
      expect(((await rejectionOf(first)) as OpsError).code).to.equal('aborted');
      expect(((await rejectionOf(second)) as OpsError).code).to.equal('aborted');
    });
  });

  describe('abort and timeout', () => {
    it('a caller abort cancels the request and rejects with aborted', async () => {
      const { stub, client } = stubClient();
      stub.hang();
      const controller = new AbortController();
      const pending = client.addOrderNote(1, 'x', { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 10));
      controller.abort();
      const error = (await rejectionOf(pending)) as OpsError;
      expect(error.code).to.equal('aborted');
      expect(stub.last.signal!.aborted).to.equal(true);
    });

    it('an already aborted signal sends nothing', async () => {
      const { stub, client } = stubClient();
      const error = (await rejectionOf(client.getOrder(1, { signal: AbortSignal.abort() }))) as OpsError;
      expect(error.code).to.equal('aborted');
      expect(stub.calls).to.have.length(0);
    });

    it('an abort during the backoff wait stops the retries', async () => {
      const { stub, client } = stubClient({ retry: { retries: 3, baseDelayMs: 5_000 } });
      stub.always(() => empty(503));
      const controller = new AbortController();
      const pending = client.getOrder(1, { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 30));
      controller.abort();
      const started = performance.now();
      const error = (await rejectionOf(pending)) as OpsError;
      expect(error.code).to.equal('aborted');
      expect(performance.now() - started).to.be.below(100);
      expect(stub.calls).to.have.length(1);
    });

    it('a request that outlasts timeoutMs fails with timeout and is cancelled', async () => {
      const { stub, client } = stubClient({ timeoutMs: 80 });
      stub.hang();
      const started = performance.now();
      const error = (await rejectionOf(client.getOrder(1))) as OpsError;
      expect(error.code).to.equal('timeout');
      expect(error.retryable).to.equal(true);
      expect(performance.now() - started).to.be.within(60, 1000);
      expect(stub.last.signal!.aborted).to.equal(true);
    });

    it('the timeout bounds retries as well', async () => {
      const { stub, client } = stubClient({ timeoutMs: 150, retry: { retries: 10, baseDelayMs: 40 } });
      stub.always(() => empty(503));
      const started = performance.now();
      const error = (await rejectionOf(client.getOrder(1))) as OpsError;
      // The retry whose wait would pass the deadline is not waited for: the last answer is final.
      expect(error.code).to.equal('server');
      expect(performance.now() - started).to.be.below(400);
      expect(stub.calls.length).to.be.within(2, 5);
    });
  });
});
