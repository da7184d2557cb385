import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/listing-linker.js';
import type { ListingLinker } from '../../../src/listing-linker.js';
import { button, labelled, shadow, textOf, typeInto, waitFor } from '../../helpers/elements.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';

/**
 * The listing linker behind the API proxy's role proxies (`/proxy/<role>/<tenant>/`, see
 * scripts/role-proxies.ts): `staff` may link listings but not create stores, `viewer` may do
 * neither. What the role does not allow is disabled before it is tried, with the reason beside it.
 */

function proxiedClient(sandbox: TestSandbox, role: 'staff' | 'viewer'): OpsClient {
  return createClient({ baseUrl: sandbox.baseUrl.replace('/sandbox/', `/proxy/${role}/`), session: true });
}

async function writes(sandbox: TestSandbox): Promise<string[]> {
  return (await sandbox.requests()).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
}

function refusalOf(el: HTMLElement, control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  return textOf(
    ids.map((id) => shadow(el).getElementById(id)).find((node) => node?.matches('[part="refusal"]')),
  );
}

describe("listing-linker under the API proxy's session", () => {
  let sandbox: TestSandbox;

  beforeEach(() => {
    sandbox = createTestSandbox();
  });

  it('a role that may link but not create stores: "Create store" is disabled with the reason', async () => {
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${proxiedClient(sandbox, 'staff')}></listing-linker>`,
    );
    await waitFor(() => shadow(el).querySelector('[part="refusal"]'), 'no reason shown');
    await expect(el).to.be.accessible();

    const create = button(el, 'Create store');
    expect(create.disabled).to.equal(true);
    expect(refusalOf(el, create)).to.equal('Your role does not allow creating stores.');
    const link = button(el, 'Link listing');
    expect(link.disabled).to.equal(false);
    expect(link.hasAttribute('aria-describedby')).to.equal(false);

    typeInto(labelled(el, 'Remote SKU'), 'MM-STAFF-1');
    const linked = oneEvent(el, 'listing-linked');
    link.click();
    expect((await linked).detail.listing.remote_sku).to.equal('MM-STAFF-1');
    expect(await writes(sandbox)).to.deep.equal(['POST /api/v2/channel_sellables']);
  });

  it('a read-only role: "Link listing" and "Create store" are disabled with the reasons, nothing is sent', async () => {
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${proxiedClient(sandbox, 'viewer')}></listing-linker>`,
    );
    await waitFor(() => shadow(el).querySelectorAll('[part="refusal"]').length === 2, 'no reasons shown');
    await expect(el).to.be.accessible();

    const link = button(el, 'Link listing');
    expect(link.disabled).to.equal(true);
    expect(refusalOf(el, link)).to.equal('Your role does not allow linking listings.');
    expect(button(el, 'Create store').disabled).to.equal(true);

    // Enter in a field submits the form: nothing is sent, nothing is checked.
    typeInto(labelled(el, 'Remote SKU'), 'MM-VIEW-1');
    link.closest('form')!.requestSubmit();
    await el.updateComplete;
    expect(shadow(el).querySelector('[part="form"] [role="alert"]')).to.equal(null);
    expect(await writes(sandbox)).to.deep.equal([]);
  });
});
