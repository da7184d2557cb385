import { expect, fixture, html } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient, RatesRequest } from '../../../src/api/index.js';
import '../../../src/rate-picker.js';
import type { RatePicker } from '../../../src/rate-picker.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { deliveryPromise } from '../../../src/shipping/delivery-promise.js';
import { $, shadow, textOf, waitFor } from '../../helpers/elements.js';
import { recordingFetch } from '../../helpers/recording-fetch.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';
import { rateRows } from '../../helpers/shipping.js';

/**
 * The delivery promise: with the order's due date, each quote says "On time" or "Late" (its
 * estimated delivery against the due date, as calendar dates), in words, and "On time first"
 * sorts by it. The sandbox makes the orders still to ship due two business days after it starts,
 * so its one-day services are on time and its slower ones late.
 */
const O = SEED_IDS.orders;

/** Each quote of the rates answers the picker got: rate id → estimated delivery. */
type Estimates = Map<string, string | null>;

function estimatesOf(body: unknown, into: Estimates): void {
  const quotes = (body as { quotes?: Record<string, unknown>[] } | null)?.quotes ?? [];
  for (const quote of quotes) {
    const id = quote['rate_id'] ?? quote['id'];
    const estimate = quote['delivery_estimate'] ?? quote['delivery_date'];
    if (typeof id === 'string') into.set(id, typeof estimate === 'string' ? estimate : null);
  }
}

function marker(row: Element): string | undefined {
  return [...row.querySelectorAll('[part="badge"]')]
    .map((badge) => textOf(badge))
    .find((text) => text === 'On time' || text === 'Late');
}

describe('rate-picker: on time or late against the order’s due date', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let estimates: Estimates;

  beforeEach(() => {
    sandbox = createTestSandbox();
    estimates = new Map();
    const recording = recordingFetch(async (input, init) => {
      const response = await window.fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/shipping/api/v1/rates')) estimatesOf(await response.clone().json(), estimates);
      return response;
    });
    client = createClient({
      baseUrl: sandbox.baseUrl,
      credentials: { apiKey: sandbox.apiKey },
      fetch: recording.fetch,
    });
  });

  async function quoted(el: RatePicker): Promise<HTMLLabelElement[]> {
    await waitFor(() => $(el, '[part="get-rates-button"]'), 'the parcel form did not render');
    await expect(el).to.be.accessible();
    $(el, '[part="get-rates-button"]')!.click();
    await waitFor(() => rateRows(el).length > 0, 'no quotes');
    return rateRows(el);
  }

  it('marks every quote "On time" or "Late" in words, as its delivery date and the due date say', async () => {
    const el = await fixture<RatePicker>(
      html`<rate-picker .client=${client} order-id=${O.allocated}></rate-picker>`,
    );
    const rows = await quoted(el);
    await expect(el).to.be.accessible();
    const order = await client.getOrder(O.allocated);
    expect(order.due_date, 'the sandbox gives the open order a due date').to.be.a('string');
    const seen = new Set<string>();
    for (const row of rows) {
      const rateId = row.querySelector('input')!.value;
      const estimate = estimates.get(rateId);
      const expected = deliveryPromise(order.due_date, estimate ? new Date(estimate).toISOString() : null);
      const shown = marker(row);
      expect(shown, `quote ${rateId}`).to.equal(
        expected === 'on-time' ? 'On time' : expected === 'late' ? 'Late' : undefined,
      );
      if (shown) seen.add(shown);
    }
    expect([...seen].sort()).to.deep.equal(['Late', 'On time']);
  });

  it('"On time first" puts every on-time quote before the late ones, cheapest first within each', async () => {
    const el = await fixture<RatePicker>(
      html`<rate-picker .client=${client} order-id=${O.allocated}></rate-picker>`,
    );
    await quoted(el);
    const sort = shadow(el).querySelector<HTMLSelectElement>('[part="sort-select"]')!;
    expect([...sort.options].map((option) => option.textContent?.trim())).to.include('On time first');
    sort.value = 'on-time';
    sort.dispatchEvent(new Event('change'));
    await el.updateComplete;
    const markers = rateRows(el).map(marker);
    const firstLate = markers.indexOf('Late');
    expect(firstLate).to.be.greaterThan(0);
    expect(markers.slice(firstLate).every((shown) => shown === 'Late')).to.equal(true);
    const price = (row: Element) => Number(textOf(row.querySelector('.price')).replace(/[^\d.]/g, ''));
    const onTime = rateRows(el).slice(0, firstLate).map(price);
    expect(onTime).to.deep.equal([...onTime].sort((a, b) => a - b));
  });

  it('a request with no order has no due date: no markers and no "On time first"', async () => {
    const request: RatesRequest = {
      to_address: {
        name: 'Ada Lovelace',
        line1: '1 High St',
        town: 'Leeds',
        postcode: 'LS1 1AA',
        country_code: 'GB',
      },
      from_address: {
        name: 'London Fulfilment Centre',
        town: 'Dagenham',
        postcode: 'RM9 6RH',
        country_code: 'GB',
      },
      parcels: [{ weight: 1, weight_unit: 'kg' }],
    };
    const el = await fixture<RatePicker>(
      html`<rate-picker .client=${client} .request=${request}></rate-picker>`,
    );
    const rows = await quoted(el);
    expect(rows.map(marker).every((shown) => shown === undefined)).to.equal(true);
    const sort = shadow(el).querySelector<HTMLSelectElement>('[part="sort-select"]')!;
    expect([...sort.options].map((option) => option.value)).to.deep.equal(['price', 'delivery']);
  });
});
