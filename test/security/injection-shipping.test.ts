import { expect, fixture, html } from '@open-wc/testing';
import '../../src/label-downloader.js';
import type { LabelDownloader } from '../../src/label-downloader.js';
import '../../src/rate-picker.js';
import type { RatePicker } from '../../src/rate-picker.js';
import { SEED_IDS } from '../../src/sandbox/seed-ids.js';
import {
  ORDER_FIELDS,
  expectClean,
  expectSomePayloadAsText,
  freshSandbox,
  hostileClient,
  part,
  roundChunks,
  runRounds,
  shadowOf,
  waitForPart,
} from './injection-helpers.js';
import { dangerousUrl } from './xss-check.js';
import { waitFor } from '../helpers/elements.js';

/**
 * Shipping with hostile strings everywhere the carriers' answers are shown: carrier and service
 * names, carrier accounts and their nicknames, unavailable quotes and their reasons, protections,
 * service option labels, units and value labels, tracking numbers and booking failures; plus the
 * order's names and addresses that make up the route. Each round gets rates, chooses every quote in
 * turn (so each one's options show), buys the label and downloads it.
 */

const SHIPPING_FIELDS: ReadonlySet<string> = new Set([
  ...[...ORDER_FIELDS].filter((field) => field !== 'currency_code'),
  'carrier',
  'carrier_id',
  'carrier_nice_name',
  'service_name',
  'service_carrier',
  'sub_carrier_id',
  'nickname',
  'provider_type',
  'unavailable_reasons',
  'message',
  'label',
  'unit',
  'protections',
  'charge_title',
  'tracking_number',
  'errors',
]);

interface Download {
  name: string;
  href: string;
}

/** Records what "Download label" saves instead of letting the browser save it. */
function captureDownloads() {
  const saved: Download[] = [];
  const originalClick = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    if (this.download) saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
    else originalClick.call(this);
  };
  return {
    saved,
    restore() {
      HTMLAnchorElement.prototype.click = originalClick;
    },
  };
}

function rateInputs(picker: RatePicker): HTMLInputElement[] {
  return [...shadowOf(picker).querySelectorAll<HTMLInputElement>('[part="rate"] input[type="radio"]')];
}

describe('shipping data with hostile strings', function () {
  this.timeout(60_000);

  let downloads: ReturnType<typeof captureDownloads>;

  beforeEach(() => {
    downloads = captureDownloads();
  });

  afterEach(() => {
    downloads.restore();
  });

  for (const chunk of roundChunks()) {
    it(`rate-picker and label-downloader show rounds ${chunk[0] + 1}–${chunk[1]} as text from quote to download`, async () => {
      let checkedAccessibility = false;
      await runRounds(chunk, async (offset) => {
        // A tenant of its own each round: once a round has bought the order's label, the order
        // shows it shipped, and no element books it again.
        const sandbox = freshSandbox();
        const { client, rotation } = hostileClient(sandbox, offset, SHIPPING_FIELDS);
        const wrapper = await fixture<HTMLDivElement>(
          html`<div>
            <rate-picker id="picker" .client=${client} order-id=${SEED_IDS.orders.allocated}></rate-picker>
            <label-downloader for="picker" .client=${client}></label-downloader>
          </div>`,
        );
        const picker = wrapper.querySelector<RatePicker>('rate-picker')!;
        const downloader = wrapper.querySelector<LabelDownloader>('label-downloader')!;
        await waitFor(() => part(picker, 'get-rates-button') && part(picker, 'carriers'), 'the parcel form', {
          interval: 5,
        });
        if (!checkedAccessibility) {
          await expect(picker).to.be.accessible();
          checkedAccessibility = true;
        }
        expectClean(wrapper, `round ${offset}, loaded`);

        part(picker, 'get-rates-button')!.click();
        await waitFor(() => rateInputs(picker).length > 0, 'no quotes', { interval: 5 });
        expectClean(wrapper, `round ${offset}, quoted`);
        expectSomePayloadAsText(picker, rotation, `round ${offset}`);
        const details = shadowOf(picker).querySelector('details');
        if (details) details.open = true;
        for (const input of rateInputs(picker)) {
          input.click();
          await picker.updateComplete;
          await downloader.updateComplete;
          expectClean(wrapper, `round ${offset}, quote chosen`);
        }

        rateInputs(picker)[0]!.click();
        await downloader.updateComplete;
        (await waitForPart(downloader, 'buy-button')).click();
        const download = await waitForPart(downloader, 'download-button', 'the bought label');
        expectClean(wrapper, `round ${offset}, bought`);
        expectSomePayloadAsText(downloader, rotation, `round ${offset}, bought`);
        download.click();
        const saved = downloads.saved.at(-1);
        expect(saved?.name, `round ${offset}: file name`).to.match(/^label-[A-Za-z0-9_-]+\.pdf$/);
        expect(dangerousUrl('href', saved?.href ?? ''), `round ${offset}: download URL`).to.equal(undefined);
        expect(saved?.href).to.match(/^blob:/);
      });
    });
  }
});
