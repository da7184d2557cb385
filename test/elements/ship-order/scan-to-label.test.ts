import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { getOrder } from '../../../src/api/endpoints/orders.js';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient, RatesResult } from '../../../src/api/index.js';
import '../../../src/ship-order.js';
import type { ShipOrder } from '../../../src/ship-order.js';
import type { RateSelectedDetail } from '../../../src/rate-picker.js';
import type { LabelPrintedDetail } from '../../../src/shared/print.events.js';
import { SEED_IDS, SEED_ORDER_NUMBERS, variantBarcode } from '../../../src/sandbox/seed-ids.js';
import { quoteByRule } from '../../../src/shipping/quote-ranking.js';
import { $, shadow, textOf, waitFor } from '../../helpers/elements.js';
import { jobsReceived, receivedJobs } from '../../helpers/printers.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';
import { scanUntilInTime } from '../../helpers/scanner.js';

/**
 * Scan to label: `<ship-order verify-items auto-print choose-by="…" printer="…">`. The last scan of
 * the Pack step opens the rates, which load by themselves; the rule picks a quote; focus lands on
 * "Buy label"; one Enter buys the label and it goes to the printer. No mouse, and nothing bought
 * without that Enter.
 */
const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;
const BOOK_PATH = '/shipping/api/v1/shipments';

/** The element focus is on, through the shadow roots. */
function deepFocus(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

describe('ship-order: scan to label', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let printed: LabelPrintedDetail[];
  const record = (event: Event) => printed.push((event as CustomEvent<LabelPrintedDetail>).detail);

  beforeEach(() => {
    sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
    sessionStorage.clear();
    printed = [];
    document.addEventListener('label-printed', record);
  });

  afterEach(() => document.removeEventListener('label-printed', record));

  async function bookings(): Promise<number> {
    return (await sandbox.requests()).filter((entry) => entry.method === 'POST' && entry.path === BOOK_PATH)
      .length;
  }

  // Four elements load in turn and three scans are typed: longer than one element's test.
  it('buys the label the rule picks with one Enter after the last scan, and prints it as ZPL', async function () {
    this.timeout(60_000);
    const el = await fixture<ShipOrder>(
      html`<ship-order
        .client=${client}
        order-id=${O.allocated}
        verify-items
        label-format="ZPL"
        printer="sandbox-zebra"
        auto-print
        choose-by="cheapest-on-time"
      ></ship-order>`,
    );
    await waitFor(() => $(el, 'pack-check')?.shadowRoot?.querySelector('[part="lines"]'), 'no Pack step');
    await expect(el).to.be.accessible();
    let chosen: RateSelectedDetail | undefined;
    el.addEventListener('rate-selected', (event) => (chosen = event.detail));

    await scanUntilInTime(variantBarcode(S.candleLarge));
    await scanUntilInTime(variantBarcode(S.candleLarge));
    await scanUntilInTime(variantBarcode(S.pourOverSet));

    // The rates load by themselves, the rule picks, and "Buy label" has focus.
    await waitFor(() => {
      const focused = deepFocus();
      return focused?.matches('[part="buy-button"]') && textOf(focused) === 'Buy label';
    }, 'focus did not land on Buy label');
    expect(await bookings(), 'nothing bought before the Enter').to.equal(0);
    const picker = $(el, 'rate-picker')!;
    const rates = (picker as unknown as { rates: RatesResult }).rates;
    const order = await getOrder(client, O.allocated);
    const rule = quoteByRule(rates.quotes, 'cheapest-on-time', order.due_date);
    expect(chosen?.quote.rateId, 'the cheapest quote that keeps the due date').to.equal(rule?.rateId);
    const checked = shadow(picker).querySelector('[part="rate"] input:checked')!.closest('[part="rate"]');
    expect(textOf(checked)).to.contain('On time');
    await expect(el).to.be.accessible();

    await sendKeys({ press: 'Enter' });
    const [job] = await jobsReceived(sandbox, 1);
    expect([job!.printerId, job!.format]).to.deep.equal(['sandbox-zebra', 'ZPL']);
    expect(job!.zpl).to.match(/^\^XA[\s\S]*\^XZ\s*$/);
    await waitFor(() => $(el, '[part="done"]'), 'not shipped');
    expect(await bookings(), 'one label').to.equal(1);
    expect(printed).to.have.length(1);
    expect(printed[0]).to.include({ orderId: O.allocated, printerId: 'sandbox-zebra', state: 'sent' });
    const downloader = $(el, 'label-downloader')!;
    await waitFor(
      () =>
        textOf(shadow(downloader).querySelector('[part="print-status"]')) === 'Label: Sent to Sandbox Zebra',
      'not said',
    );
    expect(order.number).to.equal(SEED_ORDER_NUMBERS.allocated);
    await expect(el).to.be.accessible();
  });

  it('without a rule the seller still gets rates and chooses; nothing is printed unasked', async function () {
    this.timeout(60_000);
    const el = await fixture<ShipOrder>(
      html`<ship-order
        .client=${client}
        order-id=${O.allocated}
        verify-items
        printer="sandbox-zebra"
      ></ship-order>`,
    );
    await waitFor(() => $(el, 'pack-check')?.shadowRoot?.querySelector('[part="lines"]'), 'no Pack step');
    await expect(el).to.be.accessible();
    await scanUntilInTime(variantBarcode(S.candleLarge));
    await scanUntilInTime(variantBarcode(S.candleLarge));
    await scanUntilInTime(variantBarcode(S.pourOverSet));
    await waitFor(
      () => $(el, 'rate-picker')?.shadowRoot?.querySelector('[part="get-rates-button"]'),
      'no rates step',
    );
    const picker = $(el, 'rate-picker')!;
    expect(shadow(picker).querySelector('[part="rate"]'), 'no rates asked for').to.equal(null);
    expect($(el, 'label-downloader')).to.equal(null);
    expect(await receivedJobs(sandbox)).to.deep.equal([]);
  });
});
