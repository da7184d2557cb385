import '../../../src/locales/de.js';
import '../../../src/allocation-form.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { OpsClient } from '../../../src/api/index.js';
import type { AllocationForm } from '../../../src/allocation-form.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { loaded, shadow, textOf } from '../../helpers/elements.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';

const O = SEED_IDS.orders;
const LONDON = 'London Fulfilment Centre';

/** The summary of an allocation and the removal's status line speak the page's language. */
describe('allocation-form: what an allocation and a removal did, in the page language', () => {
  let client: OpsClient;

  beforeEach(() => {
    ({ client } = recordedClient(createTestSandbox()));
  });

  it('says what an allocation and a removal did in German under lang="de"', async () => {
    const el = await fixture<HTMLDivElement>(
      html`<div lang="de">
        <allocation-form .client=${client} order-id=${O.unallocated}></allocation-form>
      </div>`,
    ).then((div) => div.querySelector<AllocationForm>('allocation-form')!);
    await loaded(el);
    await expect(el).to.be.accessible();
    const root = shadow(el);

    const allocated = oneEvent(el, 'allocation-created');
    root.querySelector<HTMLButtonElement>('[part="allocate-button"]')!.click();
    await allocated;
    await el.updateComplete;
    expect(textOf(root.querySelector('[part="result"]'))).to.equal(
      `4 Artikel in ${LONDON} zugewiesen. Die Bestellung ist vollständig zugewiesen.`,
    );
    expect(root.activeElement).to.equal(root.querySelector('[part="result"]'));
    await expect(el).to.be.accessible();

    root.querySelector<HTMLButtonElement>('[part="remove-button"]')!.click();
    await el.updateComplete;
    const removed = oneEvent(el, 'allocation-deleted');
    root.querySelector<HTMLButtonElement>('[part="confirm-remove-button"]')!.click();
    await removed;
    await el.updateComplete;
    expect(textOf(root.querySelector('.removal-status'))).to.equal('Zuweisung entfernt.');
    expect(textOf(root.querySelector('[part="allocations"]'))).to.contain('Noch nichts zugewiesen.');
    await expect(el).to.be.accessible();
  });
});
