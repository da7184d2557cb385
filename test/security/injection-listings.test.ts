import { expect, fixture, html } from '@open-wc/testing';
import { OpsError } from '../../src/api/index.js';
import { OAuthPopup, exchangeViaBackend } from '../../src/auth/index.js';
import '../../src/connect-account.js';
import type { ConnectAccount } from '../../src/connect-account.js';
import '../../src/listing-linker.js';
import type { ListingLinker } from '../../src/listing-linker.js';
import {
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
import { PAYLOAD_TEXTS } from './payloads.js';
import { deepText } from './xss-check.js';
import { typeInto, waitFor } from '../helpers/elements.js';

/**
 * Store listings with hostile store names, currencies, listing titles and SKUs, and hostile
 * titles and SKUs of the catalog variants they link to; a hostile SKU and title typed into the
 * form and a hostile SKU filter. Then `connect-account` with hostile messages from the token
 * exchange and hostile sign-in addresses.
 */

const LISTING_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'currency_code',
  'remote_title',
  'remote_sku',
  'full_title',
  'product_title',
  'sku_code',
]);

async function listingsLoaded(el: ListingLinker): Promise<void> {
  await waitFor(() => part(el, 'listings-table'), 'the listings did not load', { interval: 5 });
}

describe('listing data with hostile strings', function () {
  this.timeout(60_000);

  for (const chunk of roundChunks()) {
    it(`listing-linker shows rounds ${chunk[0] + 1}–${chunk[1]} as text through linking and filtering`, async () => {
      const sandbox = freshSandbox();
      let checkedAccessibility = false;
      await runRounds(chunk, async (offset) => {
        const { client, rotation } = hostileClient(sandbox, offset, LISTING_FIELDS);
        const el = await fixture<ListingLinker>(html`<listing-linker .client=${client}></listing-linker>`);
        await listingsLoaded(el);
        // Hostile titles without spaces make the table wider than the card: still usable by keyboard.
        if (!checkedAccessibility) {
          await expect(el).to.be.accessible();
          checkedAccessibility = true;
        }
        expectClean(el, `round ${offset}, loaded`);
        expectSomePayloadAsText(el, rotation, `round ${offset}`);

        const sku = PAYLOAD_TEXTS[(offset * 7) % PAYLOAD_TEXTS.length]!;
        const title = PAYLOAD_TEXTS[(offset * 11 + 3) % PAYLOAD_TEXTS.length]!;
        typeInto(shadowOf(el).querySelector<HTMLInputElement>('#field-sku')!, sku);
        typeInto(shadowOf(el).querySelector<HTMLInputElement>('#field-title')!, title);
        part(el, 'link-button')!.click();
        await waitFor(
          () => part(el, 'notice') || shadowOf(el).querySelector('[role="alert"]'),
          'linking gave no answer',
          { interval: 5 },
        );
        expectClean(el, `round ${offset}, linked`);

        const filter = PAYLOAD_TEXTS[(offset * 13 + 5) % PAYLOAD_TEXTS.length]!;
        const filterInput = part<HTMLInputElement>(el, 'filter-input')!;
        typeInto(filterInput, filter);
        // A search field drops line breaks as the user types, so the filter is what it holds.
        const typedFilter = filterInput.value.trim();
        part(el, 'filter-form')!.dispatchEvent(new SubmitEvent('submit', { cancelable: true }));
        await waitFor(() => shadowOf(el).querySelector('.filter-note'), 'the filter did not apply', {
          interval: 5,
        });
        await waitFor(() => !shadowOf(el).querySelector('[part="loading"]'), 'the filter did not load', {
          interval: 5,
        });
        expectClean(el, `round ${offset}, filtered`);
        expect(deepText(el), `round ${offset}: the filter shows as typed`).to.contain(typedFilter);
      });
    });
  }
});

describe('connect-account with hostile sign-in data', function () {
  this.timeout(60_000);

  const originalOpen = window.open;

  afterEach(() => {
    window.open = originalOpen;
  });

  it('shows every message of a failed token exchange as text', async () => {
    const popup = new OAuthPopup({
      authUrl: 'https://auth.example.test',
      clientId: 'client',
      redirectUri: `${location.origin}/callback.html`,
      exchange: () => ({ access_token: 'unused' }),
    });
    const el = await fixture<ConnectAccount>(html`<connect-account .popup=${popup}></connect-account>`);
    await expect(el).to.be.accessible();
    await runRounds([0, PAYLOAD_TEXTS.length], async (offset) => {
      const payload = PAYLOAD_TEXTS[offset]!;
      const exchange = exchangeViaBackend('/backend/exchange', {
        fetch: () =>
          Promise.resolve(
            new Response(JSON.stringify({ error: 'invalid_grant', message: payload }), {
              status: 400,
              headers: { 'content-type': 'application/json' },
            }),
          ),
      });
      const failure = await Promise.resolve(
        exchange('code', {
          redirectUri: '/callback.html',
          codeVerifier: 'v'.repeat(43),
          signal: new AbortController().signal,
        }),
      ).then(
        () => new Error('the exchange should fail'),
        (error: unknown) => error,
      );
      expect(failure).to.be.instanceOf(OpsError);
      popup.dispatchEvent(new CustomEvent('signinerror', { detail: failure }));
      await el.updateComplete;
      expectClean(el, `payload ${offset}`);
      expect(deepText(el), `payload ${offset} shows as text`).to.contain(payload);
    });
  });

  it('never links to a sign-in address that is not a web address', async () => {
    window.open = () => null;
    const first = await fixture<ConnectAccount>(
      html`<connect-account
        auth-url=${PAYLOAD_TEXTS[0]!}
        client-id="client"
        redirect-uri="/callback.html"
        exchange-url="/backend/exchange"
      ></connect-account>`,
    );
    await expect(first).to.be.accessible();
    await runRounds([0, PAYLOAD_TEXTS.length], async (offset) => {
      const el = await fixture<ConnectAccount>(
        html`<connect-account
          auth-url=${PAYLOAD_TEXTS[offset]!}
          client-id=${PAYLOAD_TEXTS[(offset + 1) % PAYLOAD_TEXTS.length]!}
          redirect-uri="/callback.html"
          exchange-url="/backend/exchange"
        ></connect-account>`,
      );
      const connect = part<HTMLButtonElement>(el, 'connect-button')!;
      if (!connect.disabled) {
        connect.click();
        await waitForPart(el, 'error', 'the blocked sign-in');
      }
      expectClean(el, `auth-url ${offset}`);
    });
  });
});
