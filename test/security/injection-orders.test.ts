import { expect, fixture, html } from '@open-wc/testing';
import '../../src/allocation-form.js';
import type { AllocationForm } from '../../src/allocation-form.js';
import '../../src/order-card.js';
import type { OrderCard } from '../../src/order-card.js';
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
import { PAYLOAD_TEXTS } from './payloads.js';
import { deepText } from './xss-check.js';
import { typeInto, waitFor } from '../helpers/elements.js';

/**
 * Orders whose every shown string is hostile: customer and delivery names and addresses, emails,
 * line item titles, SKUs and image URLs, warehouse, store and company names, note texts and their
 * authors, states and dates. Each round hands each of those fields the next payload, so across the
 * chunks every field receives every payload; each round also goes through the element's task
 * (a note added; an allocation made, confirmed for removal and removed) so that what those answers
 * carry is shown too.
 */

const O = SEED_IDS.orders;

describe('order data with hostile strings', function () {
  this.timeout(60_000);

  describe('order-card', () => {
    for (const chunk of roundChunks()) {
      it(`shows rounds ${chunk[0] + 1}–${chunk[1]} as text, adding a hostile note in each`, async () => {
        const sandbox = freshSandbox();
        let checkedAccessibility = false;
        await runRounds(chunk, async (offset) => {
          const { client, rotation } = hostileClient(sandbox, offset, ORDER_FIELDS);
          const el = await fixture<OrderCard>(
            html`<order-card .client=${client} order-id=${O.withNotes}></order-card>`,
          );
          await waitFor(() => shadowOf(el).querySelector('h2'), 'the order did not render', { interval: 5 });
          if (!checkedAccessibility) {
            await expect(el).to.be.accessible();
            checkedAccessibility = true;
          }
          expectClean(el, `round ${offset}, loaded`);
          expectSomePayloadAsText(el, rotation, `round ${offset}`);
          for (const note of rotation.given.get('text') ?? []) {
            expect(deepText(el), `round ${offset}: a note shows as written`).to.contain(note);
          }

          const typed = PAYLOAD_TEXTS[(offset * 7) % PAYLOAD_TEXTS.length]!;
          typeInto(shadowOf(el).querySelector('textarea')!, typed);
          const notesBefore = shadowOf(el).querySelectorAll('.note').length;
          part(el, 'add-note-button')!.click();
          await waitFor(
            () => shadowOf(el).querySelectorAll('.note').length > notesBefore,
            'the note did not appear',
            { interval: 5 },
          );
          expectClean(el, `round ${offset}, note added`);
          const [logged] = (await sandbox.requests()).filter((entry) => entry.method === 'POST').slice(-1);
          expect((logged?.body as { note: { text: string } }).note.text).to.equal(typed.trim());
        });
      });
    }
  });

  describe('allocation-form', () => {
    for (const chunk of roundChunks()) {
      it(`shows rounds ${chunk[0] + 1}–${chunk[1]} as text through allocating and removing`, async () => {
        const sandbox = freshSandbox();
        let checkedAccessibility = false;
        await runRounds(chunk, async (offset) => {
          const { client, rotation } = hostileClient(sandbox, offset, ORDER_FIELDS);
          const el = await fixture<AllocationForm>(
            html`<allocation-form .client=${client} order-id=${O.unallocated}></allocation-form>`,
          );
          await waitForPart(el, 'allocate-button', 'the form');
          if (!checkedAccessibility) {
            await expect(el).to.be.accessible();
            checkedAccessibility = true;
          }
          expectClean(el, `round ${offset}, loaded`);
          expectSomePayloadAsText(el, rotation, `round ${offset}`);

          part(el, 'allocate-button')!.click();
          await waitForPart(el, 'remove-button', 'the new allocation');
          expectClean(el, `round ${offset}, allocated`);
          part(el, 'remove-button')!.click();
          await waitForPart(el, 'confirm-remove-button', 'the confirmation');
          expectClean(el, `round ${offset}, confirming`);
          part(el, 'confirm-remove-button')!.click();
          await waitFor(() => part(el, 'remove-button') === null && part(el, 'confirm-remove') === null, '', {
            interval: 5,
          });
          await waitForPart(el, 'allocate-button', 'the form after removing');
          expectClean(el, `round ${offset}, removed`);
        });
      });
    }
  });
});
