/**
 * rate-picker's quotes, once the first rates arrive: drawn with their own styles, and in the
 * language of the page like the rest of the picker, their service options included.
 */
import '../../../src/locales/de.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/rate-picker.js';
import type { RatePicker } from '../../../src/rate-picker.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { $, shadow, textOf, typeInto, waitFor } from '../../helpers/elements.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import { chooseRate, rateRows } from '../../helpers/shipping.js';

const O = SEED_IDS.orders;

describe('rate-picker quotes', () => {
  let client: OpsClient;

  beforeEach(() => {
    const sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
  });

  async function render(lang: string): Promise<RatePicker> {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang=${lang}><rate-picker .client=${client} order-id=${O.allocated}></rate-picker></div>`,
    );
    const el = wrapper.querySelector('rate-picker')!;
    await waitFor(
      () => $(el, '[part="get-rates-button"]') && $(el, '[part="carriers"]'),
      'the parcel form did not render',
    );
    return el;
  }

  it('are drawn with their own styles once they arrive', async () => {
    const el = await render('en');
    await expect(el).to.be.accessible();
    $(el, '[part="get-rates-button"]')!.click();
    await waitFor(() => rateRows(el).length > 0, 'no quotes rendered');
    await expect(el).to.be.accessible();
    // A quote row is a grid of radio, service and price, not a line of inline text.
    expect(getComputedStyle(rateRows(el)[0]!).display).to.equal('grid');
    expect(getComputedStyle($(el, '.results')!).display).to.equal('grid');
  });

  it('speak German under lang="de", their service options and checks too', async () => {
    const el = await render('de');
    await expect(el).to.be.accessible();
    await chooseRate(el, 'Parcelway Standard');
    await el.updateComplete;
    await expect(el).to.be.accessible();
    expect(textOf(shadow(el).querySelector('label[for="sort-by"]'))).to.equal('Sortieren nach');
    expect(rateRows(el).some((row) => textOf(row).includes('Günstigster'))).to.equal(true);
    const options = $(el, '[part="options"]')!;
    expect(textOf(options.querySelector('legend'))).to.equal('Optionen für Parcelway Standard');
    const insurance = options.querySelector<HTMLInputElement>('input[type="number"]')!;
    const selected = oneEvent(el, 'rate-selected');
    typeInto(insurance, '20');
    expect((await selected).detail.optionsValid).to.equal(false);
    await el.updateComplete;
    const errorId = insurance.getAttribute('aria-describedby')!.split(' ')[1]!;
    expect(textOf(shadow(el).getElementById(errorId))).to.equal(
      'Geben Sie eine Zahl von 100 bis 5.000 ein oder lassen Sie das Feld leer.',
    );
  });
});
