import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { SCAN_TRIES, asFastAsAScanner, scanWithScanner, typedAt } from '../../helpers/scanner.js';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import type {
  ItemScannedEvent,
  PackVerifiedEvent,
  ScanRejectedEvent,
} from '../../../src/elements/pack-check/pack-check.events.js';
import '../../../src/pack-check.js';
import type { PackCheck } from '../../../src/pack-check.js';
import { SEED_IDS, SEED_ORDER_NUMBERS, variantBarcode } from '../../../src/sandbox/seed-ids.js';
import { $, $$, loaded, shadow, textOf, waitFor } from '../../helpers/elements.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import { withFakeTimers } from '../../helpers/time.js';

const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;
const N = SEED_ORDER_NUMBERS;

/** The tea towels (4, with a barcode) and the notebook (1, without) of the partly allocated order. */
const TOWEL = variantBarcode(S.teaTowelSage);

function statusText(el: PackCheck): string {
  return textOf($(el, '[role="status"]'));
}

function refusalText(el: PackCheck): string {
  return textOf($(el, '[role="alert"] span'));
}

function countOf(el: PackCheck, item: string): string {
  const line = $$(el, '[part="line"]').find((candidate) =>
    textOf(candidate.querySelector('.title')).includes(item),
  );
  if (!line) throw new Error(`no line for ${item}`);
  return textOf(line.querySelector('[part="count"]'));
}

function countButton(el: PackCheck, name: string): HTMLButtonElement {
  const found = $$<HTMLButtonElement>(el, 'button[part="count-button"]').find(
    (candidate) => candidate.getAttribute('aria-label') === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

/** The notebook's title as the element shows it. */
function notebookTitle(el: PackCheck): string {
  const title = $$(el, '[part="line"] .title').find((candidate) => textOf(candidate).includes('Notebook'));
  return textOf(title);
}

describe('pack-check', () => {
  let client: OpsClient;

  beforeEach(() => {
    const sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
    sessionStorage.clear();
  });

  async function packFor(orderId: number, listen: 'field' | 'page' = 'field'): Promise<PackCheck> {
    const el = await fixture<PackCheck>(
      html`<pack-check .client=${client} order-id=${orderId} listen=${listen}></pack-check>`,
    );
    await loaded(el);
    return el;
  }

  it('lists the items with what is expected and counts a code typed into its field', async () => {
    const el = await packFor(O.partlyAllocated);
    await expect(el).to.be.accessible();
    const region = shadow(el).querySelector('section')!;
    expect(textOf(shadow(el).getElementById(region.getAttribute('aria-labelledby')!))).to.equal(
      `Pack order ${N.partlyAllocated}`,
    );
    expect(textOf($(el, '[part="progress"]'))).to.equal('0 of 5 items scanned');
    expect(countOf(el, 'Tea Towel')).to.equal('0 of 4');
    expect(textOf($(el, '[part="lines"]'))).to.contain('No barcode');

    const field = $<HTMLInputElement>(el, '#scan-input')!;
    field.focus();
    const scanned = oneEvent(el, 'item-scanned') as Promise<ItemScannedEvent>;
    await sendKeys({ type: `${TOWEL}\n` });
    const { detail } = await scanned;
    expect(detail).to.deep.include({ orderId: O.partlyAllocated, code: TOWEL, count: 1, expected: 4 });
    expect(countOf(el, 'Tea Towel')).to.equal('1 of 4');
    expect(field.value).to.equal('');
    expect(shadow(el).activeElement === field, 'focus stays in the field').to.equal(true);
    expect(statusText(el)).to.match(/^Scanned .*Tea Towel.* \(1 of 4\)$/);
  });

  it('with listen="page", takes a scanner burst ending in Enter while a button has focus, and never presses it', async () => {
    let pressed = 0;
    const page = await fixture<HTMLElement>(
      html`<div>
        <button type="button" @click=${() => (pressed += 1)}>Print packing slip</button>
        <pack-check .client=${client} order-id=${O.partlyAllocated} listen="page"></pack-check>
      </div>`,
    );
    const el = page.querySelector('pack-check')!;
    await loaded(el);
    await expect(el).to.be.accessible();
    const slip = page.querySelector('button')!;
    const counts: number[] = [];
    el.addEventListener('item-scanned', (event) => counts.push(event.detail.count));
    // On a loaded machine the test's keys may come slower than any scanner types (30 ms apart on
    // average); such a try is rightly not a scan (its Enter presses the button) and is typed again.
    for (let attempt = 0; attempt < SCAN_TRIES && counts.length === 0; attempt += 1) {
      slip.focus();
      const before = pressed;
      const keys = await typedAt(() => scanWithScanner(TOWEL));
      await el.updateComplete;
      if (!asFastAsAScanner(keys)) continue;
      expect(counts, 'a burst as fast as a scanner is a scan').to.deep.equal([1]);
      expect(pressed - before, 'the Enter of the scan did not press the button').to.equal(0);
    }
    expect(counts).to.deep.equal([1]);
    pressed = 0;
    expect(document.activeElement === slip, 'focus did not move').to.equal(true);
    expect(statusText(el)).to.match(/\(1 of 4\)$/);
    // The scanner's keys were kept from the page: a real Enter on the button still presses it.
    await sendKeys({ press: 'Enter' });
    expect(pressed).to.equal(1);
  });

  it('with listen="page", takes a burst ending in Tab, and focus stays where it was', async () => {
    const page = await fixture<HTMLElement>(
      html`<div>
        <button type="button">Elsewhere</button>
        <pack-check .client=${client} order-id=${O.partlyAllocated} listen="page"></pack-check>
      </div>`,
    );
    const el = page.querySelector('pack-check')!;
    await loaded(el);
    await expect(el).to.be.accessible();
    const elsewhere = page.querySelector('button')!;
    const counts: number[] = [];
    el.addEventListener('item-scanned', (event) => counts.push(event.detail.count));
    // The test types the code and the Tab in two commands; on a loaded machine the keys may come
    // slower than any scanner types, or the Tab more than 100 ms after the last key, and such a try
    // is rightly not a scan (the Tab moves focus). It is typed again; a burst in time must be a scan.
    for (let attempt = 0; attempt < SCAN_TRIES && counts.length === 0; attempt += 1) {
      elsewhere.focus();
      const keys = await typedAt(() => scanWithScanner(TOWEL, 'Tab'));
      await el.updateComplete;
      if (asFastAsAScanner(keys)) expect(counts.length, 'a burst as fast as a scanner is a scan').to.equal(1);
    }
    expect(counts).to.deep.equal([1]);
    expect(document.activeElement === elsewhere, 'the Tab did not move focus').to.equal(true);
  });

  it('leaves keys typed into a field elsewhere on the page to that field, at a person’s pace or a scanner’s', async () => {
    const page = await fixture<HTMLElement>(
      html`<div>
        <label>Order note <input id="note" /></label>
        <pack-check .client=${client} order-id=${O.partlyAllocated} listen="page"></pack-check>
      </div>`,
    );
    const el = page.querySelector('pack-check')!;
    await loaded(el);
    await expect(el).to.be.accessible();
    let counted = 0;
    el.addEventListener('item-scanned', () => (counted += 1));
    const note = page.querySelector<HTMLInputElement>('#note')!;
    note.focus();
    // A person, 150 ms a key.
    for (const key of '5000') {
      await sendKeys({ type: key });
      await aTimeout(150);
    }
    expect(note.value).to.equal('5000');
    // And a scan while the field has focus goes into the field.
    await scanWithScanner(TOWEL);
    expect(note.value).to.equal(`5000${TOWEL}`);
    await el.updateComplete;
    expect(counted).to.equal(0);
    expect(countOf(el, 'Tea Towel')).to.equal('0 of 4');
  });

  it('refuses an item of another order, and the words stay until the next good scan', async () => {
    const el = await packFor(O.partlyAllocated);
    await expect(el).to.be.accessible();
    const field = $<HTMLInputElement>(el, '#scan-input')!;
    field.focus();
    const beanie = variantBarcode(S.beanieCharcoal);
    const rejected = oneEvent(el, 'scan-rejected') as Promise<ScanRejectedEvent>;
    await sendKeys({ type: `${beanie}\n` });
    expect((await rejected).detail).to.deep.equal({
      orderId: O.partlyAllocated,
      code: beanie,
      reason: 'unknown',
    });
    await el.updateComplete;
    expect(refusalText(el)).to.equal(`${beanie} is not in this order`);
    // No timer takes the words away: a minute on, they are still there.
    await withFakeTimers(async (clock) => {
      await clock.tickAsync(60_000);
      await el.updateComplete;
    });
    expect(refusalText(el), 'the refusal is still on screen').to.equal(`${beanie} is not in this order`);
    expect(textOf($(el, '[part="progress"]'))).to.equal('0 of 5 items scanned');
    await sendKeys({ type: `${TOWEL}\n` });
    await waitFor(() => $(el, '[role="alert"]') === null, 'a good scan clears the refusal');
    expect(statusText(el)).to.match(/\(1 of 4\)$/);
  });

  it('refuses an item already scanned in full, without counting it; "Dismiss" clears the words and returns to the field', async () => {
    const el = await packFor(O.customsMissing);
    await expect(el).to.be.accessible();
    const field = $<HTMLInputElement>(el, '#scan-input')!;
    field.focus();
    await sendKeys({ type: `${SEED_IDS.barcodes.apronUpcA}\n` });
    await waitFor(() => countOf(el, 'Apron') === '1 of 1', 'the apron counted');
    const rejected = oneEvent(el, 'scan-rejected') as Promise<ScanRejectedEvent>;
    // The same UPC-A as a scanner set to EAN-13 reads it.
    await sendKeys({ type: `0${SEED_IDS.barcodes.apronUpcA}\n` });
    expect((await rejected).detail.reason).to.equal('complete');
    await el.updateComplete;
    expect(refusalText(el)).to.match(/^All 1 of .*Apron.* already scanned$/);
    expect(countOf(el, 'Apron')).to.equal('1 of 1');
    ($(el, '[part="dismiss-button"]') as HTMLButtonElement).click();
    await el.updateComplete;
    await waitFor(() => shadow(el).activeElement === field, 'focus back in the field');
    expect($(el, '[role="alert"]') === null, 'the refusal is gone').to.equal(true);
  });

  it('counts a kit by its own barcode, an item without a barcode by hand, and emits pack-verified once', async () => {
    const el = await packFor(O.customsMissing);
    await expect(el).to.be.accessible();
    let verifiedCount = 0;
    el.addEventListener('pack-verified', () => (verifiedCount += 1));
    const field = $<HTMLInputElement>(el, '#scan-input')!;
    field.focus();
    await sendKeys({ type: `${SEED_IDS.barcodes.kitchenKit}\n` });
    await waitFor(() => countOf(el, 'Kitchen') === '1 of 1', 'the kit line counted');
    const verified = oneEvent(el, 'pack-verified') as Promise<PackVerifiedEvent>;
    await sendKeys({ type: 'apron-nat\n' });
    const { detail } = await verified;
    expect(detail.orderId).to.equal(O.customsMissing);
    expect(detail.items).to.deep.equal([
      { sellableId: S.apronNatural, quantity: 1 },
      { sellableId: SEED_IDS.kits.kitchenStarter, quantity: 1 },
    ]);
    await el.updateComplete;
    expect(statusText(el)).to.equal('All 2 items scanned. The parcel is verified.');
    await sendKeys({ type: 'APRON-NAT\n' });
    await el.updateComplete;
    expect(verifiedCount).to.equal(1);

    const byHand = await packFor(O.partlyAllocated);
    const count = countButton(byHand, `Count ${notebookTitle(byHand)}`);
    const counted = oneEvent(byHand, 'item-scanned') as Promise<ItemScannedEvent>;
    count.click();
    expect((await counted).detail).to.deep.include({ code: null, count: 1, expected: 1 });
    await byHand.updateComplete;
    expect(count.getAttribute('aria-disabled')).to.equal('true');
    expect(statusText(byHand)).to.match(/^Counted .*Notebook.* \(1 of 1\)$/);
  });

  it('keeps the scans through a reload of the tab, until "Start again"', async () => {
    const first = await packFor(O.partlyAllocated);
    await expect(first).to.be.accessible();
    $<HTMLInputElement>(first, '#scan-input')!.focus();
    await sendKeys({ type: `${TOWEL}\n` });
    await sendKeys({ type: `${TOWEL}\n` });
    await waitFor(() => countOf(first, 'Tea Towel') === '2 of 4', 'two counted');
    first.remove();

    const reloaded = await packFor(O.partlyAllocated);
    expect(countOf(reloaded, 'Tea Towel')).to.equal('2 of 4');
    expect(textOf($(reloaded, '[part="progress"]'))).to.equal('2 of 5 items scanned');
    ($(reloaded, '[part="start-again-button"]') as HTMLButtonElement).click();
    await reloaded.updateComplete;
    expect(countOf(reloaded, 'Tea Towel')).to.equal('0 of 4');
    reloaded.remove();
    const again = await packFor(O.partlyAllocated);
    expect(countOf(again, 'Tea Towel')).to.equal('0 of 4');
  });

  it('reads digits by key position in its field, as an AZERTY keyboard sends them', async () => {
    const el = await packFor(O.partlyAllocated);
    await expect(el).to.be.accessible();
    const field = $<HTMLInputElement>(el, '#scan-input')!;
    field.focus();
    for (const [key, code] of [
      ['&', 'Digit1'],
      ['é', 'Digit2'],
      ['à', 'Digit0'],
    ] as const) {
      field.dispatchEvent(
        new KeyboardEvent('keydown', { key, code, bubbles: true, composed: true, cancelable: true }),
      );
    }
    expect(field.value).to.equal('120');
  });

  it('shows nothing of the previous order while the next one loads', async () => {
    const el = await packFor(O.partlyAllocated);
    await expect(el).to.be.accessible();
    el.orderId = O.customsMissing;
    await el.updateComplete;
    expect(textOf(shadow(el))).not.to.contain('Tea Towel');
    await waitFor(() => textOf($(el, 'h2')) === `Pack order ${N.customsMissing}`, 'the next order');
  });
});
