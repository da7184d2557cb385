/**
 * Races a seller's page runs into: order ids changed faster than answers come back, elements
 * removed while they load, and two elements changing the same order at the same moment.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { OpsClient } from '../../src/api/index.js';
import type { ApiRequest, ApiResponse } from '../../src/api/index.js';
import '../../src/allocation-form.js';
import '../../src/listing-linker.js';
import '../../src/order-card.js';
import '../../src/rate-picker.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../src/sandbox/seed-ids.js';
import { $, $$, button, labelled, textOf, typeInto, waitFor } from '../helpers/elements.js';
import { SLOW_ANSWER_MS, alerts, createHarness, nextEvent, sentTo, answered, spinning } from './helpers.js';
import type { Harness } from './helpers.js';

const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;

/**
 * A client that does not cancel order loads: every answer arrives, however late. Elements call
 * the endpoint functions, which send through the client's `request()`.
 */
class UncancellingClient extends OpsClient {
  override request(request: ApiRequest): Promise<ApiResponse> {
    const orderLoad = request.method === 'GET' && request.path.startsWith('/orders/');
    return super.request(orderLoad ? { ...request, signal: undefined } : request);
  }
}

function heading(el: HTMLElement): string {
  return textOf($(el, 'h2'));
}

function noteTexts(el: HTMLElement): string[] {
  return $$(el, '.note-text').map(textOf);
}

function expectQuiet(h: Harness, el: HTMLElement): void {
  expect(alerts(el), 'alerts').to.have.length(0);
  expect(spinning(el), 'a spinner left').to.equal(false);
  expect(h.requestErrors, 'request-error events').to.deep.equal([]);
  expect(h.uncaught, 'uncaught errors').to.deep.equal([]);
}

interface QuickChange {
  tag: 'order-card' | 'allocation-form' | 'rate-picker';
  /** The order shown to start with. */
  start: number;
  /** The orders set one after the other; the last one must win. */
  orders: [number, number, number];
  number: string;
  /** The last order shows in full, not just its heading. */
  complete(el: HTMLElement): boolean;
}

const QUICK_CHANGES: QuickChange[] = [
  {
    tag: 'order-card',
    start: O.international,
    orders: [O.unallocated, O.allocated, O.withNotes],
    number: SEED_ORDER_NUMBERS.withNotes,
    complete: (el) => noteTexts(el).length === 2,
  },
  {
    tag: 'allocation-form',
    start: O.allocated,
    orders: [O.unallocated, O.international, O.partlyAllocated],
    number: SEED_ORDER_NUMBERS.partlyAllocated,
    complete: (el) => $(el, `#quantity-${S.notebookTan}`) !== null,
  },
  {
    tag: 'rate-picker',
    start: O.withNotes,
    orders: [O.unallocated, O.partlyAllocated, O.allocated],
    number: SEED_ORDER_NUMBERS.allocated,
    complete: (el) => $(el, '[part="get-rates-button"]') !== null && textOf($(el, '.route')) !== '',
  },
];

async function mountOrderElement(
  tag: QuickChange['tag'],
  client: OpsClient,
  orderId: number,
): Promise<HTMLElement> {
  switch (tag) {
    case 'order-card':
      return fixture<HTMLElement>(html`<order-card .client=${client} order-id=${orderId}></order-card>`);
    case 'allocation-form':
      return fixture<HTMLElement>(
        html`<allocation-form .client=${client} order-id=${orderId}></allocation-form>`,
      );
    case 'rate-picker':
      return fixture<HTMLElement>(html`<rate-picker .client=${client} order-id=${orderId}></rate-picker>`);
  }
}

describe('races', () => {
  describe('order-id changed quickly: the last order only', () => {
    for (const change of QUICK_CHANGES) {
      for (const cancelling of [true, false]) {
        const how = cancelling ? 'the earlier loads are cancelled' : 'the earlier answers arrive last';
        it(`${change.tag}: ${how}`, async () => {
          const h = createHarness();
          try {
            const [first, second, last] = change.orders;
            const client = cancelling
              ? h.client
              : new UncancellingClient({
                  baseUrl: h.sandbox.baseUrl,
                  credentials: { apiKey: h.sandbox.apiKey },
                  fetch: h.fetch,
                });
            const loadsOf = (orderId: number) =>
              h.fetches.filter((entry) => new URL(entry.url).pathname.endsWith(`/orders/${orderId}`));
            const el = await mountOrderElement(change.tag, client, change.start);
            await waitFor(() => heading(el) !== '', 'the first order did not show');
            await expect(el).to.be.accessible();
            // The first orders answer last: the first one last of all.
            await h.sandbox.fault({ method: 'GET', path: `/orders/${first}`, delayMs: SLOW_ANSWER_MS * 3 });
            await h.sandbox.fault({ method: 'GET', path: `/orders/${second}`, delayMs: SLOW_ANSWER_MS * 2 });
            // Each load is under way before the next order is asked for.
            el.setAttribute('order-id', String(first));
            await waitFor(() => loadsOf(first).length > 0, `GET /orders/${first} was not sent`);
            el.setAttribute('order-id', String(second));
            await waitFor(() => loadsOf(second).length > 0, `GET /orders/${second} was not sent`);
            el.setAttribute('order-id', String(last));
            await waitFor(
              () => heading(el).includes(change.number) && change.complete(el),
              'the last order did not show',
            );

            // Both earlier answers have come (or were cancelled) by now. A load cancelled within
            // milliseconds may never reach the sandbox (Firefox drops it before sending it), so a
            // cancelled send counts as finished: no answer can come back to it.
            for (const orderId of [first, second]) {
              const cancelled = () =>
                h.fetches.some(
                  (entry) =>
                    new URL(entry.url).pathname.endsWith(`/orders/${orderId}`) && entry.signal?.aborted,
                );
              await waitFor(
                async () =>
                  cancelled() ||
                  (await sentTo(h.sandbox, { method: 'GET', path: `/orders/${orderId}` })).length === 1,
                `GET /orders/${orderId} did not finish`,
              );
            }
            await answered(() => [...loadsOf(first), ...loadsOf(second)], el, 'an earlier load did not end');
            // What the last order loads after its heading (the rate picker's shipping set-up) may
            // still be on its way when no earlier answer was waited for.
            await waitFor(() => !spinning(el), 'a spinner left');
            expect(heading(el)).to.contain(change.number);
            expect(change.complete(el)).to.equal(true);
            expect(el.getAttribute('order-id')).to.equal(String(last));
            if (cancelling) {
              for (const orderId of [first, second]) {
                const call = h.fetches.find((entry) =>
                  new URL(entry.url).pathname.endsWith(`/orders/${orderId}`),
                );
                expect(call?.signal?.aborted, `GET /orders/${orderId} cancelled`).to.equal(true);
              }
            } else {
              await waitFor(
                () => client.orders.get(first) !== undefined && client.orders.get(second) !== undefined,
                'the earlier answers did not arrive',
              );
              await answered(() => h.fetches, el, 'a load did not end');
              expect(heading(el)).to.contain(change.number);
            }
            expectQuiet(h, el);
            await expect(el).to.be.accessible();
          } finally {
            h.dispose();
          }
        });
      }
    }
  });

  describe('an element removed while it loads cancels its request, and loads again when back', () => {
    const cases: Array<{
      tag: string;
      path: string;
      mount(h: Harness): Promise<HTMLElement>;
      shown(el: HTMLElement): boolean;
    }> = [
      {
        tag: 'order-card',
        path: `/orders/${O.unallocated}`,
        mount: (h) =>
          fixture<HTMLElement>(html`<order-card .client=${h.client} order-id=${O.unallocated}></order-card>`),
        shown: (el) => heading(el).includes(SEED_ORDER_NUMBERS.unallocated),
      },
      {
        tag: 'allocation-form',
        path: `/orders/${O.unallocated}`,
        mount: (h) =>
          fixture<HTMLElement>(
            html`<allocation-form .client=${h.client} order-id=${O.unallocated}></allocation-form>`,
          ),
        shown: (el) => $(el, '[part="allocate-button"]') !== null,
      },
      {
        tag: 'rate-picker',
        path: `/orders/${O.allocated}`,
        mount: (h) =>
          fixture<HTMLElement>(html`<rate-picker .client=${h.client} order-id=${O.allocated}></rate-picker>`),
        shown: (el) => $(el, '[part="get-rates-button"]') !== null && $(el, '[part="carriers"]') !== null,
      },
      {
        tag: 'listing-linker',
        path: '/api/v2/channel_sellables',
        mount: (h) =>
          fixture<HTMLElement>(
            html`<listing-linker
              .client=${h.client}
              channel-id=${SEED_IDS.channels.makersMarket}
            ></listing-linker>`,
          ),
        shown: (el) => $$(el, '[part="listings-table"] tbody tr').length > 0,
      },
    ];
    for (const entry of cases) {
      it(entry.tag, async () => {
        const h = createHarness();
        try {
          // Held until the request is cancelled.
          await h.sandbox.fault({ method: 'GET', path: entry.path, hold: true });
          const el = await entry.mount(h);
          await expect(el).to.be.accessible();
          const loading = () => h.fetches.find((call) => new URL(call.url).pathname.endsWith(entry.path));
          await waitFor(loading, `GET ${entry.path} was not sent`);
          expect(loading()!.signal?.aborted).to.equal(false);
          const parent = el.parentNode!;
          el.remove();
          await waitFor(() => loading()!.signal?.aborted, `GET ${entry.path} was not cancelled`);
          await answered(() => [loading()!], el, `GET ${entry.path} did not end when cancelled`);
          expect(h.requestErrors, 'request-error events').to.deep.equal([]);
          expect(h.uncaught, 'uncaught errors').to.deep.equal([]);

          parent.appendChild(el);
          await waitFor(() => entry.shown(el) && !spinning(el), `${entry.tag} did not load again`);
          expectQuiet(h, el);
        } finally {
          h.dispose();
        }
      });
    }
  });

  describe('two elements changing the same order at once lose neither change', () => {
    it('two order-cards add different notes at the same time', async () => {
      const h = createHarness();
      try {
        const page = await fixture<HTMLElement>(
          html`<div>
            <order-card .client=${h.client} order-id=${O.unallocated}></order-card>
            <order-card .client=${h.client} order-id=${O.unallocated}></order-card>
          </div>`,
        );
        const cards = [...page.querySelectorAll<HTMLElement>('order-card')];
        for (const card of cards) {
          await waitFor(
            () => heading(card).includes(SEED_ORDER_NUMBERS.unallocated),
            'the order did not show',
          );
          await expect(card).to.be.accessible();
        }
        const notes = ['Left by the side door', 'Customer called: gift receipt'];
        await h.sandbox.fault({
          method: 'POST',
          path: `/orders/${O.unallocated}/notes`,
          delayMs: 50,
          times: 2,
        });
        const added = cards.map((card) => nextEvent(card, 'note-added'));
        cards.forEach((card, index) => typeInto(labelled<HTMLTextAreaElement>(card, 'Note'), notes[index]!));
        for (const card of cards) button(card, 'Add note').click();
        await Promise.all(added);
        for (const card of cards) {
          await waitFor(
            () => notes.every((note) => noteTexts(card).includes(note)),
            'a note is missing from a card',
          );
          expect(noteTexts(card).filter((text) => notes.includes(text))).to.have.length(2);
          expect(labelled<HTMLTextAreaElement>(card, 'Note').value).to.equal('');
          expectQuiet(h, card);
        }
        const saved = await h.inspector.getOrder(O.unallocated, { cache: 'reload' });
        expect((saved.employee_notes ?? []).map((note) => note.text)).to.include.members(notes);
        expect(
          await sentTo(h.sandbox, { method: 'POST', path: `/orders/${O.unallocated}/notes` }),
        ).to.have.length(2);
      } finally {
        h.dispose();
      }
    });

    /**
     * `held` keeps one of the two answers back until the other element has finished, so the
     * order in which the API acted and the order in which the answers arrive differ.
     */
    async function allocateWhileNoting(held: 'none' | 'allocation' | 'note'): Promise<void> {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const heldPath = held === 'allocation' ? '/allocations' : '/notes';
      const h = createHarness({
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          const url = input instanceof Request ? input.url : String(input);
          if (held !== 'none' && init?.method === 'POST' && url.endsWith(heldPath)) await gate;
          return response;
        },
      });
      try {
        const page = await fixture<HTMLElement>(
          html`<div>
            <order-card .client=${h.client} order-id=${O.unallocated}></order-card>
            <allocation-form .client=${h.client} order-id=${O.unallocated}></allocation-form>
          </div>`,
        );
        const card = page.querySelector('order-card')!;
        const form = page.querySelector('allocation-form')!;
        await waitFor(() => heading(card).includes(SEED_ORDER_NUMBERS.unallocated), 'the card did not load');
        await waitFor(() => $(form, '[part="allocate-button"]'), 'the form did not load');
        await expect(card).to.be.accessible();
        await expect(form).to.be.accessible();
        const note = 'Pack the beanie in tissue';
        typeInto(labelled<HTMLTextAreaElement>(card, 'Note'), note);
        const noted = nextEvent(card, 'note-added');
        const allocated = nextEvent(form, 'allocation-created');
        const acted = async (path: string) =>
          waitFor(
            async () =>
              (await sentTo(h.sandbox, { method: 'POST', path: `/orders/${O.unallocated}${path}` })).some(
                (entry) => entry.status === 201,
              ),
            `the API did not act on ${path}`,
          );

        if (held === 'note') {
          button(card, 'Add note').click();
          await acted('/notes');
          button(form, 'Allocate').click();
          await allocated;
          release();
          await noted;
        } else if (held === 'allocation') {
          button(form, 'Allocate').click();
          await acted('/allocations');
          button(card, 'Add note').click();
          await noted;
          release();
          await allocated;
        } else {
          button(card, 'Add note').click();
          button(form, 'Allocate').click();
          await Promise.all([noted, allocated]);
        }
        await answered(() => h.fetches, card, 'a request did not end');
        await form.updateComplete;

        const saved = await h.inspector.getOrder(O.unallocated, { cache: 'reload' });
        expect((saved.employee_notes ?? []).map((entry) => entry.text)).to.include(note);
        expect(saved.allocations ?? []).to.have.length(1);
        // Both show in both elements: the note once in the card, the allocation in both.
        expect(
          noteTexts(card).filter((text) => text === note),
          'the note in the card',
        ).to.have.length(1);
        expect(textOf($(card, '[part="allocations"]'))).to.contain('London Fulfilment Centre');
        expect(textOf($(form, '[part="allocations"]'))).to.contain('London Fulfilment Centre');
        expect($$(form, '[part="remove-button"]')).to.have.length(1);
        expectQuiet(h, card);
        expectQuiet(h, form);
      } finally {
        release();
        h.dispose();
      }
    }

    it('an allocation-form allocates while an order-card adds a note', async () => {
      await allocateWhileNoting('none');
    });

    it('the note survives an allocation answer that was computed before the note was saved', async () => {
      await allocateWhileNoting('allocation');
    });

    it('the note shows once when the allocation answer already carried it', async () => {
      await allocateWhileNoting('note');
    });
  });
});
