import { expect } from '@open-wc/testing';
import { createClient } from '../../src/api/client.js';
import { OAuthPopup, exchangeViaBackend, type ExchangeCode } from '../../src/auth/index.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/seed-ids.js';
import { createTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { waitFor } from '../helpers/elements.js';
import {
  approvalButton,
  directExchange,
  exchangeHandler,
  expectOpsError,
  inUserClick,
  outcomeOf,
  recordWindowOpen,
  REDIRECT_URI,
  waitForPopupPage,
} from './helpers.js';

/**
 * The whole OAuth flow in real popups against the sandbox's approval page: the test clicks a
 * real button that calls `signIn()`, then drives the same-origin popup (Approve / Deny) the way
 * a user would; the redirect page is the demo's `oauth-callback.html`.
 */

/**
 * The production shape: the page posts the code to the host's backend, which holds the secret.
 * The backend here is `createTokenExchangeHandler` itself, run in the page for the test (`exchangeHandler`).
 */
function backendExchange(sandbox: TestSandbox): ExchangeCode {
  const handler = exchangeHandler(sandbox);
  return exchangeViaBackend('/backend/oauth/exchange', {
    fetch: (input, init) => handler(new Request(new URL(input, location.origin), init)),
  });
}

describe('OAuth against the sandbox approval page', function () {
  this.timeout(60_000);

  let sandbox: TestSandbox;
  let opens: ReturnType<typeof recordWindowOpen>;

  beforeEach(() => {
    sandbox = createTestSandbox();
    opens = recordWindowOpen();
  });

  afterEach(() => {
    for (const call of opens.calls) call.popup?.close();
    opens.restore();
  });

  function makePopup(exchange: ExchangeCode = directExchange(sandbox)) {
    return new OAuthPopup({
      authUrl: sandbox.baseUrl,
      clientId: SANDBOX_CREDENTIALS.clientId,
      redirectUri: REDIRECT_URI,
      exchange,
    });
  }

  it('signs in: Approve in the popup, the code comes back, the token works with the client', async () => {
    const popup = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    const approval = await waitForPopupPage(opens.popup, '/oauth/authorize');
    expect(approval.querySelector('h1')?.textContent).to.contain(SANDBOX_CREDENTIALS.appName);
    approvalButton(approval, 'Approve').click();

    const token = await signingIn;
    expect(token).to.match(/^[0-9a-f]{64}$/);
    expect(popup.token).to.equal(token);
    await waitFor(() => opens.popup.closed, 'the redirect page to close the popup');

    const client = createClient({ baseUrl: sandbox.baseUrl, credentials: popup });
    const user = await client.getCurrentUser();
    expect(user).to.have.property('id', sandbox.seed.user);
    const log = await sandbox.requests();
    expect(log.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).to.include.members([
      'POST /oauth/token 200',
      'GET /current_user 200',
    ]);
  });

  it('signs in through the backend exchange handler, which alone holds the secret', async () => {
    const popup = makePopup(backendExchange(sandbox));
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    approvalButton(await waitForPopupPage(opens.popup, '/oauth/authorize'), 'Approve').click();
    const token = await signingIn;
    const me = await fetch(`${sandbox.baseUrl}/current_user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).to.equal(200);
  });

  it('rejects with unauthorized when the user presses Deny', async () => {
    const popup = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    approvalButton(await waitForPopupPage(opens.popup, '/oauth/authorize'), 'Deny').click();
    const error = expectOpsError(await outcomeOf(signingIn), 'unauthorized');
    expect((error.cause as { oauthError: string }).oauthError).to.equal('access_denied');
    expect(popup.isSignedIn).to.equal(false);
  });

  it('rejects with popup_closed when the user closes the approval popup', async () => {
    const popup = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    await waitForPopupPage(opens.popup, '/oauth/authorize');
    opens.popup.close();
    expectOpsError(await outcomeOf(signingIn), 'popup_closed');
    const log = await sandbox.requests();
    expect(log.filter((entry) => entry.path === '/oauth/token')).to.have.length(0);
  });

  it('rejects with state_mismatch when the answer carries another state', async () => {
    const popup = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    const approval = await waitForPopupPage(opens.popup, '/oauth/authorize');
    // A tampered approval round trip: the code comes back bound to someone else's state.
    const stateField = approval.querySelector<HTMLInputElement>('input[name="state"]')!;
    stateField.value = 'forged-state';
    approvalButton(approval, 'Approve').click();
    expectOpsError(await outcomeOf(signingIn), 'state_mismatch');
    const log = await sandbox.requests();
    expect(log.filter((entry) => entry.path === '/oauth/token')).to.have.length(0);
  });

  it('rejects with the exchange error when the code was already used', async () => {
    const redeem = directExchange(sandbox);
    // Someone redeems the code first (a replayed redirect); our exchange then finds it used.
    const popup = makePopup(async (code, context) => {
      await redeem(code, context);
      return redeem(code, context);
    });
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    approvalButton(await waitForPopupPage(opens.popup, '/oauth/authorize'), 'Approve').click();
    const error = expectOpsError(await outcomeOf(signingIn), 'unauthorized');
    expect(error.message).to.match(/already been used/);
    expect(popup.isSignedIn).to.equal(false);
  });

  it('rejects with the backend error when the code has expired', async () => {
    const popup = makePopup(backendExchange(sandbox));
    await sandbox.fault({
      method: 'POST',
      path: '/oauth/token',
      status: 400,
      body: { error: 'invalid_grant', error_description: 'The authorization code has expired' },
    });
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    approvalButton(await waitForPopupPage(opens.popup, '/oauth/authorize'), 'Approve').click();
    const error = expectOpsError(await outcomeOf(signingIn), 'unauthorized');
    expect(error.status).to.equal(400);
    expect(error.message).to.match(/expired or been used/);
    expect(popup.isSignedIn).to.equal(false);
  });

  it('after popup_blocked, finishing sign-in from the offered link still signs in', async () => {
    const popup = makePopup();
    const signins: string[] = [];
    popup.addEventListener('signin', () => signins.push(popup.token ?? ''));
    opens.restore();
    opens = recordWindowOpen(() => null);
    const error = expectOpsError(await outcomeOf(popup.signIn()), 'popup_blocked');
    expect(new URL(error.url!).pathname).to.equal(new URL(`${sandbox.baseUrl}/oauth/authorize`).pathname);
    opens.restore();

    // The user follows the link the page offered.
    opens = recordWindowOpen();
    const { value: linkWindow } = await inUserClick(() => window.open(error.url, 'sign-in-link'));
    approvalButton(await waitForPopupPage(linkWindow!, '/oauth/authorize'), 'Approve').click();
    await waitFor(() => signins.length === 1, 'the sign-in from the link');
    expect(popup.isSignedIn).to.equal(true);
    expect(signins[0]).to.match(/^[0-9a-f]{64}$/);
  });
});
