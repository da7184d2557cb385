import '../../../src/locales/de.js';
import '../../../src/locales/es.js';
import '../../../src/locales/fr.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/listing-linker.js';
import type { ListingLinker } from '../../../src/listing-linker.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { button, labelled, shadow, textOf, typeInto, waitFor } from '../../helpers/elements.js';
import { layoutProblems } from '../../helpers/layout.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';

/** What the listing linker checks and says before "Link listing" sends anything, and how its table fits. */

const MAKERS_MARKET = SEED_IDS.channels.makersMarket;

async function listed(el: ListingLinker): Promise<void> {
  await waitFor(
    () => shadow(el).querySelector('[part="listings-table"][aria-busy="false"]'),
    'the listings did not show',
  );
}

async function posts(sandbox: TestSandbox): Promise<LoggedRequest[]> {
  return (await sandbox.requests()).filter(
    (r) => r.method === 'POST' && r.path === '/api/v2/channel_sellables',
  );
}

/** Waits for a control to be marked invalid (the checks load on the first input). */
async function invalid(control: HTMLElement): Promise<void> {
  await waitFor(
    () => control.getAttribute('aria-invalid') === 'true',
    `#${control.id} was not marked invalid`,
  );
}

function fieldError(el: HTMLElement, input: HTMLElement): string {
  expect(input.getAttribute('aria-invalid')).to.equal('true');
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return textOf(
    ids.map((id) => shadow(el).getElementById(id)).find((node) => node?.classList.contains('field-error')),
  );
}

/** The preview's lines: what it is about, then the title and the price. */
function preview(el: HTMLElement): string[] {
  const shown = shadow(el).querySelector('[part="preview"]');
  return shown ? [...shown.querySelectorAll('strong, li')].map((line) => textOf(line)) : [];
}

describe('listing-linker: input checks and what linking creates', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;

  beforeEach(() => {
    sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
  });

  it('refuses a barcode that is not 8, 12, 13 or 14 digits at the field, sending nothing', async () => {
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${client} channel-id=${MAKERS_MARKET}></listing-linker>`,
    );
    await listed(el);
    await expect(el).to.be.accessible();

    const barcode = labelled(el, 'Barcode (UPC)');
    typeInto(labelled(el, 'Remote SKU'), 'MM-BAR-1');
    for (const typed of ['12x', '1234567', '1234567890', '123456789012345', '0123 4567 8905']) {
      typeInto(barcode, typed);
      button(el, 'Link listing').click();
      await invalid(barcode);
      expect(fieldError(el, barcode), typed).to.equal(
        'Enter the barcode as digits only: 8, 12, 13 or 14 of them.',
      );
      expect(shadow(el).activeElement, typed).to.equal(barcode);
      expect(barcode.value).to.equal(typed);
    }
    await expect(el).to.be.accessible();
    expect(await posts(sandbox)).to.have.length(0);

    // Typing clears the error; a 13-digit EAN is sent as typed.
    typeInto(barcode, '5012345678900');
    await el.updateComplete;
    expect(barcode.getAttribute('aria-invalid')).to.equal('false');
    const linked = oneEvent(el, 'listing-linked');
    button(el, 'Link listing').click();
    await linked;
    const [post] = await posts(sandbox);
    expect((post!.body as { data: { attributes: Record<string, unknown> } }).data.attributes).to.include({
      remote_barcode: '5012345678900',
    });
  });

  for (const [lang, message] of [
    ['de', 'Geben Sie den Barcode nur mit Ziffern ein: 8, 12, 13 oder 14 Stück.'],
    ['fr', 'Saisissez le code-barres en chiffres uniquement : 8, 12, 13 ou 14 chiffres.'],
    ['es', 'Introduzca el código de barras solo con cifras: 8, 12, 13 o 14.'],
  ] as const) {
    it(`says what a barcode must be in lang="${lang}"`, async () => {
      const el = await fixture<ListingLinker>(
        html`<listing-linker lang=${lang} .client=${client} channel-id=${MAKERS_MARKET}></listing-linker>`,
      );
      await listed(el);
      await expect(el).to.be.accessible();
      const barcode = shadow(el).querySelector<HTMLInputElement>('#field-barcode')!;
      typeInto(shadow(el).querySelector<HTMLInputElement>('#field-sku')!, 'MM-BAR-2');
      typeInto(barcode, '12x');
      shadow(el).querySelector<HTMLButtonElement>('[part="link-button"]')!.click();
      await invalid(barcode);
      expect(fieldError(el, barcode)).to.equal(message);
    });
  }

  it('before linking by SKU, says the title and price the listing will get; empty, the price is 0', async () => {
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${client} channel-id=${MAKERS_MARKET}></listing-linker>`,
    );
    await listed(el);
    await expect(el).to.be.accessible();
    expect(preview(el)).to.deep.equal([]);

    typeInto(labelled(el, 'Remote SKU'), 'TOTE-NAT');
    await el.updateComplete;
    expect(preview(el)).to.deep.equal([
      'Linking creates the listing TOTE-NAT:',
      'Title: none of its own. The store shows the title of the catalog variant with this SKU, or the SKU when a variant is created for it.',
      'Price: £0.00, as none is entered (the catalog price is not taken). Enter the price the store sells it at.',
    ]);
    const link = button(el, 'Link listing');
    expect(link.getAttribute('aria-describedby')).to.equal('link-preview');
    await expect(el).to.be.accessible();

    // What the preview said is what the sandbox made: the variant's title, at 0.
    const linked = oneEvent(el, 'listing-linked');
    link.click();
    const { listing } = (await linked).detail;
    expect(listing.remote_price).to.equal(0);
    await waitFor(() => textOf(shadow(el).querySelector('tbody tr')).includes('TOTE-NAT'), 'not listed');
    const row = textOf(shadow(el).querySelector('tbody tr'));
    expect(row).to.contain('Natural');
    expect(row).to.contain('£0.00');

    typeInto(labelled(el, 'Remote SKU'), 'TOTE-BLK');
    typeInto(labelled(el, 'Remote title'), 'Canvas tote, black');
    typeInto(labelled(el, 'Remote price'), '24,5');
    await el.updateComplete;
    expect(preview(el)).to.deep.equal([
      'Linking creates the listing TOTE-BLK:',
      'Title: “Canvas tote, black”.',
      'Price: £24.50.',
    ]);
    // The other modes name the product themselves: no preview.
    labelled(el, 'To an existing channel product').click();
    await el.updateComplete;
    expect(preview(el)).to.deep.equal([]);
    expect(button(el, 'Link listing').hasAttribute('aria-describedby')).to.equal(false);
  });

  for (const width of [360, 420]) {
    it(`fits the listings table in ${width} px without scrolling sideways`, async () => {
      const frame = await fixture<HTMLDivElement>(
        html`<div style="width: ${width}px">
          <listing-linker .client=${client} channel-id=${MAKERS_MARKET}></listing-linker>
        </div>`,
      );
      const el = frame.querySelector<ListingLinker>('listing-linker')!;
      await listed(el);
      await expect(el).to.be.accessible();
      const scroller = shadow(el).querySelector<HTMLElement>('.table-scroll')!;
      expect(scroller.scrollWidth, 'the table scrolls sideways').to.be.at.most(scroller.clientWidth + 1);
      expect(layoutProblems(el, `${width} px`)).to.deep.equal([]);
      const shown = [...shadow(el).querySelectorAll<HTMLElement>('th')].filter(
        (th) => th.offsetParent !== null,
      );
      expect(shown.map((th) => textOf(th))).to.deep.equal(['Remote SKU', 'Title', 'Price']);

      // Wide, every column is back.
      frame.style.width = '1280px';
      await waitFor(
        () => [...shadow(el).querySelectorAll<HTMLElement>('th')].every((th) => th.offsetParent !== null),
        'the columns did not come back',
      );
    });
  }
});
