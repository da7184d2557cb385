import { expect, fixture, html } from '@open-wc/testing';
import { createClient } from '../../src/api/index.js';
import type { OpsClient } from '../../src/api/index.js';
import '../../src/label-downloader.js';
import '../../src/order-card.js';
import '../../src/rate-picker.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../src/sandbox/seed-ids.js';
import { $, shadow, textOf, waitFor } from '../helpers/elements.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import { chooseRate } from '../helpers/shipping.js';

const O = SEED_IDS.orders;
const DATE = {
  'en-GB': /^\d{1,2} [A-Z][a-z]{2} \d{4}/,
  'en-US': /^[A-Z][a-z]{2} \d{1,2}, \d{4}/,
} as const;

/**
 * One locale per element tree: the rates, the label panel and two order cards (one in pounds, one
 * in dollars) under one `lang` write their dates alike.
 */
describe('one locale for every element under a lang', () => {
  let client: OpsClient;

  beforeEach(() => {
    const sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
  });

  for (const lang of ['en-GB', 'en-US'] as const) {
    it(`${lang}: rates, the label panel and both cards write dates the same way`, async () => {
      const page = await fixture<HTMLDivElement>(
        html`<div lang=${lang}>
          <order-card id="pounds" .client=${client} order-id=${O.unallocated}></order-card>
          <order-card id="dollars" .client=${client} order-id=${O.international}></order-card>
          <rate-picker id="picker" .client=${client} order-id=${O.allocated}></rate-picker>
          <label-downloader for="picker" .client=${client}></label-downloader>
        </div>`,
      );
      const cards = [page.querySelector('#pounds')!, page.querySelector('#dollars')!];
      const picker = page.querySelector('rate-picker')!;
      const downloader = page.querySelector('label-downloader')!;
      await waitFor(
        () =>
          textOf(shadow(cards[0]!)).includes(SEED_ORDER_NUMBERS.unallocated) &&
          textOf(shadow(cards[1]!)).includes(SEED_ORDER_NUMBERS.international),
        'the cards did not load',
      );
      await waitFor(() => $(picker, '[part="get-rates-button"]'), 'the rate picker did not load');
      await expect(page).to.be.accessible();
      await chooseRate(picker);
      await waitFor(() => $(downloader, '[part="buy-button"]'), 'the label panel');

      const created = cards.map((card) => textOf($(card, '.dates dd')));
      const rateDate = /Delivery by (.+?\d{4})/.exec(textOf(shadow(picker)))?.[1] ?? '';
      const panelDate = /By (.+?\d{4})/.exec(textOf(shadow(downloader)))?.[1] ?? '';
      for (const [what, text] of [
        ['the card in pounds', created[0]],
        ['the card in dollars', created[1]],
        ['the rates', rateDate],
        ['the label panel', panelDate],
      ] as const) {
        expect(text, `${what} under ${lang}: "${text}"`).to.match(DATE[lang]);
      }
    });
  }
});
