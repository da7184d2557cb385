import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { scanUntilInTime } from '../../helpers/scanner.js';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import type { PackVerifiedEvent } from '../../../src/elements/pack-check/pack-check.events.js';
import '../../../src/ship-order.js';
import type { ShipOrder } from '../../../src/ship-order.js';
import { SEED_IDS, variantBarcode } from '../../../src/sandbox/seed-ids.js';
import { $, shadow, textOf, waitFor } from '../../helpers/elements.js';
import { createTestSandbox } from '../../helpers/sandbox.js';

const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;

/** An element embedded in ship-order, once it is there and defined (its code loads on demand). */
async function inner(el: ShipOrder, selector: string): Promise<HTMLElement> {
  await waitFor(() => $(el, selector)?.shadowRoot?.querySelector('[part]'), `no ${selector}`);
  return $<HTMLElement>(el, selector)!;
}

/** A scanner in keyboard mode: the code as one burst of keys, then Enter, in a scanner's time. */
async function scan(code: string): Promise<void> {
  await scanUntilInTime(code);
}

describe('ship-order verify-items', () => {
  let client: OpsClient;

  beforeEach(() => {
    const sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
    sessionStorage.clear();
  });

  // Three elements load in turn, and three scans are typed: longer than one element's test.
  it('opens the rates only once every item of an allocated order is scanned into the parcel', async function () {
    this.timeout(60_000);
    const page = await fixture<HTMLElement>(
      html`<div>
        <button type="button">Elsewhere on the page</button>
        <ship-order .client=${client} order-id=${O.allocated} verify-items></ship-order>
      </div>`,
    );
    const el = page.querySelector('ship-order')!;
    const pack = await inner(el, 'pack-check');
    await expect(el).to.be.accessible();
    expect(textOf($(el, '#pack-heading'))).to.equal('Pack');
    expect($(el, 'rate-picker') === null, 'no rates before the parcel is verified').to.equal(true);
    expect(pack.getAttribute('listen')).to.equal('page');

    // The scanner is heard with focus anywhere on the page, and never moves it.
    const elsewhere = page.querySelector('button')!;
    elsewhere.focus();
    await scan(variantBarcode(S.candleLarge));
    await waitFor(
      () => textOf(shadow(pack).querySelector('[part="progress"]')) === '1 of 3 items scanned',
      'one scanned',
    );
    expect($(el, 'rate-picker') === null, 'still no rates').to.equal(true);
    await scan(variantBarcode(S.candleLarge));
    const verified = oneEvent(page, 'pack-verified') as Promise<PackVerifiedEvent>;
    await scan(variantBarcode(S.pourOverSet));
    expect((await verified).detail.orderId).to.equal(O.allocated);
    expect(document.activeElement === elsewhere, 'focus stayed where it was').to.equal(true);
    await inner(el, 'rate-picker');
    expect($(el, 'pack-check') === null, 'the pack step is over').to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('keeps a verified parcel through a reload of the tab, and opens a shipped order in the done state', async function () {
    this.timeout(60_000);
    const first = await fixture<ShipOrder>(
      html`<ship-order .client=${client} order-id=${O.allocated} verify-items></ship-order>`,
    );
    await inner(first, 'pack-check');
    await expect(first).to.be.accessible();
    first.focus();
    await scan(variantBarcode(S.candleLarge));
    await scan(variantBarcode(S.candleLarge));
    await scan(variantBarcode(S.pourOverSet));
    await inner(first, 'rate-picker');
    first.remove();

    const reloaded = await fixture<ShipOrder>(
      html`<ship-order .client=${client} order-id=${O.allocated} verify-items></ship-order>`,
    );
    await inner(reloaded, 'rate-picker');
    expect($(reloaded, 'pack-check') === null).to.equal(true);

    const shipped = await fixture<ShipOrder>(
      html`<ship-order .client=${client} order-id=${O.shipped} verify-items></ship-order>`,
    );
    await waitFor(() => $(shipped, '[part="done"]'), 'the done state');
    expect($(shipped, 'pack-check') === null, 'no pack step for a shipped order').to.equal(true);
  });
});
