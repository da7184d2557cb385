import { expect, fixture, html } from '@open-wc/testing';
import { configure, getCurrentUser, getDefaultClient } from '../../../src/api/index.js';
import type { OpsError } from '../../../src/api/errors.js';
import '../../../src/connect-account.js';
import type { ConnectAccount } from '../../../src/connect-account.js';
import { SANDBOX_CREDENTIALS } from '../../../src/sandbox/seed-ids.js';
import { approvalButton, inUserClick, recordWindowOpen, waitForPopupPage } from '../../auth/helpers.js';
import { shadow, textOf, waitFor } from '../../helpers/elements.js';
import { createTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import {
  click,
  EXCHANGE_PATH,
  originalFetch,
  part,
  REDIRECT_PATH,
  SANDBOX_WHO,
  serveExchange,
} from './helpers.js';

/**
 * `<connect-account>` when the browser blocks its popup and the user signs in through the link
 * it offers instead: the approval page opens in a window of its own (no opener, like
 * `rel="noopener"`), the user presses Approve, and the redirect page's answer reaches the element
 * over the BroadcastChannel. The code that comes back is a real one, which the exchange would
 * turn into a token: only the `state` of the blocked attempt may connect the account.
 */
describe('connect-account: signing in through the link offered after a blocked popup', function () {
  this.timeout(60_000);

  let sandbox: TestSandbox;
  let opens: ReturnType<typeof recordWindowOpen>;

  beforeEach(() => {
    sandbox = createTestSandbox();
    opens = recordWindowOpen(() => null);
    configure({ baseUrl: sandbox.baseUrl });
  });

  afterEach(() => {
    for (const call of opens.calls) call.popup?.close();
    opens.restore();
    window.fetch = originalFetch;
    configure({ baseUrl: '' });
  });

  /** The element after Connect account was pressed and the popup blocked: it offers the link. */
  async function blocked(): Promise<{ el: ConnectAccount; link: string; events: CustomEvent[] }> {
    const el = await fixture<ConnectAccount>(
      html`<connect-account
        auth-url=${sandbox.baseUrl}
        client-id=${SANDBOX_CREDENTIALS.clientId}
        redirect-uri=${REDIRECT_PATH}
        exchange-url=${EXCHANGE_PATH}
      ></connect-account>`,
    );
    await expect(el).to.be.accessible();
    const events: CustomEvent[] = [];
    for (const type of ['account-connected', 'request-error']) {
      el.addEventListener(type, (event) => events.push(event as CustomEvent));
    }
    await click(el, 'connect-button');
    const link = await waitFor(() => part(el, 'sign-in-link'), 'no sign-in link').then(
      () => part<HTMLAnchorElement>(el, 'sign-in-link')!.href,
    );
    expect(textOf(shadow(el).querySelector('[role="alert"]'))).to.contain(
      'The sign-in window was blocked by the browser.',
    );
    opens.restore();
    opens = recordWindowOpen();
    return { el, link, events };
  }

  /** Opens `href` (the link, or the link changed) as the user does, and presses Approve there. */
  async function approveAt(href: string): Promise<void> {
    const { value: linkWindow } = await inUserClick(() => window.open(href, 'sign-in-link'));
    linkWindow!.opener = null;
    approvalButton(await waitForPopupPage(linkWindow!, '/oauth/authorize'), 'Approve').click();
    // The redirect page gets the code, posts it on the channel and closes its window.
    await waitFor(() => linkWindow!.closed, 'the redirect page did not finish');
  }

  /** Not connected: the link and Connect account are still offered, and the API still refuses the page. */
  async function expectStillNotConnected(
    el: ConnectAccount,
    events: CustomEvent[],
    exchanges: string[],
  ): Promise<void> {
    // Give a wrongly accepted answer the time to be exchanged and shown.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await el.updateComplete;
    expect(el.connected).to.equal(false);
    expect(textOf(part(el, 'status'))).not.to.contain('Connected');
    expect(part(el, 'connect-button'), 'Connect account is still offered').to.not.equal(null);
    expect(part(el, 'disconnect-button')).to.equal(null);
    expect(part(el, 'sign-in-link'), 'the link is still offered').to.not.equal(null);
    expect(events.filter((event) => event.type === 'account-connected')).to.have.length(0);
    expect(exchanges, 'no code was exchanged').to.deep.equal([]);
    const log = await sandbox.requests();
    expect(log.filter((entry) => entry.path === '/oauth/token')).to.have.length(0);
    const refused = await getCurrentUser(getDefaultClient()).then(
      () => null,
      (error: OpsError) => error.code,
    );
    expect(refused, 'the API still refuses the page').to.equal('unauthorized');
    await expect(el).to.be.accessible();
  }

  it('an answer carrying another state does not connect the account', async () => {
    const { exchanges } = serveExchange(sandbox);
    const { el, link, events } = await blocked();
    const other = new URL(link);
    other.searchParams.set('state', 'another-attempts-state');
    await approveAt(other.href);
    await expectStillNotConnected(el, events, exchanges);
  });

  it('an answer carrying no state does not connect the account', async () => {
    const { exchanges } = serveExchange(sandbox);
    const { el, link, events } = await blocked();
    const stateless = new URL(link);
    stateless.searchParams.delete('state');
    await approveAt(stateless.href);
    await expectStillNotConnected(el, events, exchanges);
  });

  it('the answer to the link itself connects, after answers that did not match were ignored', async () => {
    const { exchanges } = serveExchange(sandbox);
    const { el, link, events } = await blocked();
    const other = new URL(link);
    other.searchParams.set('state', 'another-attempts-state');
    await approveAt(other.href);
    expect(el.connected).to.equal(false);

    await approveAt(link);
    await waitFor(() => el.connected, 'the link sign-in did not connect');
    await waitFor(() => textOf(part(el, 'status')) === SANDBOX_WHO, 'who is connected is not shown');
    expect(part(el, 'sign-in-link'), 'the link is gone once connected').to.equal(null);
    expect(part(el, 'disconnect-button')).to.not.equal(null);
    expect(events.filter((event) => event.type === 'account-connected')).to.have.length(1);
    expect(exchanges).to.have.length(1);
    expect(Number((await getCurrentUser(getDefaultClient())).id)).to.equal(sandbox.seed.user);
    await expect(el).to.be.accessible();
  });
});
