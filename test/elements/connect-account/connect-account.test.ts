import '../../../src/locales/de.js';
import { expect, fixture, html } from '@open-wc/testing';
import { configure, getCurrentUser, getDefaultClient } from '../../../src/api/index.js';
import { OpsError } from '../../../src/api/errors.js';
import { OAuthPopup } from '../../../src/auth/index.js';
import '../../../src/connect-account.js';
import type { ConnectAccount } from '../../../src/connect-account.js';
import { SANDBOX_CREDENTIALS } from '../../../src/sandbox/seed-ids.js';
import type { CurrentUser } from '../../../src/api/index.js';
import { connectAccountMessages } from '../../../src/elements/connect-account/connect-account.messages.js';
import {
  connectedSentence,
  currentUserFrom,
  whoIs,
} from '../../../src/elements/connect-account/current-user.model.js';
import {
  approvalButton,
  directExchange,
  inUserClick,
  recordWindowOpen,
  waitForPopupPage,
} from '../../auth/helpers.js';
import { shadow, textOf, waitFor } from '../../helpers/elements.js';
import { recordingFetch } from '../../helpers/recording-fetch.js';
import { createTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import {
  click,
  EXCHANGE_PATH,
  originalFetch,
  part,
  REDIRECT_PATH,
  REDIRECT_URI,
  SANDBOX_WHO,
  serveExchange,
} from './helpers.js';

/**
 * `<connect-account>` in real popups against the sandbox's approval page: the element's own
 * button is clicked with the mouse (so `window.open` runs in a user gesture), and the popup is
 * driven as a user would (Approve, Deny, close). The redirect page is the demo's
 * `oauth-callback.html`; the token exchange runs `createTokenExchangeHandler` itself, answering
 * the element's `exchange-url` inside the test page.
 */
const SESSION_TOKEN_KEY = `commerce-ops-oauth:token:${SANDBOX_CREDENTIALS.clientId}`;

/** Every event the element fires, by type, for assertions on their details. */
function recordEvents(el: HTMLElement) {
  const events: CustomEvent[] = [];
  for (const type of ['account-connected', 'account-disconnected', 'request-error']) {
    el.addEventListener(type, (event) => events.push(event as CustomEvent));
  }
  return {
    events,
    of: (type: string) => events.filter((event) => event.type === type),
  };
}

/** The status line's text, white space folded. */
function statusOf(el: HTMLElement): string {
  return textOf(part(el, 'status'));
}

/** Waits until the status line says `text` (the user read and shown). */
async function waitForStatus(el: HTMLElement, text: string): Promise<void> {
  await waitFor(() => statusOf(el) === text, `the status never said "${text}" (it says "${statusOf(el)}")`);
}

/** The user an `account-connected` event carries. */
function userOf(event: CustomEvent): CurrentUser {
  return (event.detail as { user: CurrentUser }).user;
}

function expectTokenNowhere(el: HTMLElement, token: string, events: CustomEvent[]): void {
  expect(token).to.match(/^[0-9a-f]{64}$/);
  expect(shadow(el).innerHTML).not.to.contain(token);
  expect(el.outerHTML).not.to.contain(token);
  expect(document.documentElement.outerHTML).not.to.contain(token);
  for (const event of events) {
    const detail = event.detail as unknown;
    const serialised = detail instanceof Error ? `${detail.message} ${String(detail.cause)}` : '';
    expect(JSON.stringify(detail) + serialised).not.to.contain(token);
  }
}

describe('connect-account', function () {
  this.timeout(60_000);

  let sandbox: TestSandbox;
  let opens: ReturnType<typeof recordWindowOpen>;

  beforeEach(() => {
    sandbox = createTestSandbox();
    opens = recordWindowOpen();
    // The host page's set-up: the default client points at the API, without credentials.
    configure({ baseUrl: sandbox.baseUrl });
    sessionStorage.removeItem(SESSION_TOKEN_KEY);
  });

  afterEach(() => {
    for (const call of opens.calls) call.popup?.close();
    opens.restore();
    window.fetch = originalFetch;
    configure({ baseUrl: '' });
    sessionStorage.removeItem(SESSION_TOKEN_KEY);
    document.documentElement.removeAttribute('lang');
  });

  async function attributeElement(
    extra: { storage?: string; baseUrl?: string } = {},
  ): Promise<ConnectAccount> {
    return fixture<ConnectAccount>(
      html`<connect-account
        auth-url=${sandbox.baseUrl}
        client-id=${SANDBOX_CREDENTIALS.clientId}
        redirect-uri=${REDIRECT_PATH}
        exchange-url=${EXCHANGE_PATH}
        storage=${extra.storage ?? 'memory'}
        base-url=${extra.baseUrl ?? ''}
      ></connect-account>`,
    );
  }

  it('connects: Connect account, Approve in the popup, "Connected", and the default client carries the token', async () => {
    const exchange = serveExchange(sandbox);
    const el = await attributeElement();
    await expect(el).to.be.accessible();
    const recorded = recordEvents(el);
    expect(part(el, 'connect-button')!.textContent!.trim()).to.equal('Connect account');
    expect(el.connected).to.equal(false);
    const before = await getCurrentUser(getDefaultClient()).then(
      () => null,
      (error: OpsError) => error.code,
    );
    expect(before, 'the API refuses the page before connecting').to.equal('unauthorized');

    // The user is read slowly, so the state while it is read can be seen.
    await sandbox.fault({ method: 'GET', path: '/current_user', hold: true });
    await click(el, 'connect-button');
    await el.updateComplete;
    expect(opens.calls).to.have.length(1);
    expect(part(el, 'status')!.textContent).to.contain('Waiting for approval in the sign-in window…');
    expect(part(el, 'cancel-button')!.textContent!.trim()).to.equal('Cancel');
    expect(part(el, 'connect-button')).to.equal(null);
    expect(shadow(el).activeElement, 'focus follows to Cancel').to.equal(part(el, 'cancel-button'));
    await expect(el).to.be.accessible();

    const approval = await waitForPopupPage(opens.popup, '/oauth/authorize');
    expect(approval.querySelector('h1')?.textContent).to.contain(SANDBOX_CREDENTIALS.appName);
    approvalButton(approval, 'Approve').click();

    await waitFor(() => el.connected, 'the element did not connect');
    await el.updateComplete;
    expect(statusOf(el), 'connected, reading who').to.equal('Connected Reading who is connected…');
    expect(part(el, 'status')!.getAttribute('role')).to.equal('status');
    expect(part(el, 'disconnect-button')!.textContent!.trim()).to.equal('Disconnect');
    expect(recorded.of('account-connected'), 'no event before the user is read').to.have.length(0);
    expect(el.user).to.equal(undefined);
    await expect(el).to.be.accessible();

    await sandbox.release();
    await waitForStatus(el, SANDBOX_WHO);
    expect(part(el, 'disconnect-button')!.textContent!.trim()).to.equal('Disconnect');
    expect(shadow(el).querySelector('[role="alert"]')).to.equal(null);
    await expect(el).to.be.accessible();

    const connected = recorded.of('account-connected');
    expect(connected).to.have.length(1);
    expect(Object.keys(connected[0]!.detail as object).sort()).to.deep.equal(['connected', 'user']);
    expect((connected[0]!.detail as { connected: boolean }).connected).to.equal(true);
    const eventUser = userOf(connected[0]!);
    expect(Number(eventUser['id'])).to.equal(sandbox.seed.user);
    expect(eventUser.login).to.equal('Alex Morgan');
    expect(eventUser.email).to.equal('alex.morgan@sandbox-goods.example');
    expect(eventUser.company?.name).to.equal('Sandbox Goods Ltd');
    expect(el.user).to.deep.equal(eventUser);
    expect(connected[0]!.bubbles && connected[0]!.composed).to.equal(true);
    expect(recorded.of('request-error')).to.have.length(0);

    // Every element using the default client now acts for the signed-in user.
    expect(getDefaultClient().baseUrl).to.equal(sandbox.baseUrl);
    const user = await getCurrentUser(getDefaultClient());
    expect(Number(user.id)).to.equal(sandbox.seed.user);
    const log = await sandbox.requests();
    expect(log.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).to.include.members([
      'POST /oauth/token 200',
      'GET /current_user 200',
    ]);

    expect(exchange.tokens).to.have.length(1);
    expectTokenNowhere(el, exchange.tokens[0]!, recorded.events);
  });

  it('shows an alert when the sign-in window is closed before approving', async () => {
    serveExchange(sandbox);
    const el = await attributeElement();
    await expect(el).to.be.accessible();
    const recorded = recordEvents(el);
    await click(el, 'connect-button');
    await waitForPopupPage(opens.popup, '/oauth/authorize');
    opens.popup.close();

    await waitFor(() => shadow(el).querySelector('[role="alert"]'), 'no alert');
    await el.updateComplete;
    const alert = shadow(el).querySelector('[role="alert"]')!;
    expect(alert.textContent).to.contain('The account was not connected.');
    expect(alert.textContent).to.contain('The sign-in window was closed before signing in finished.');
    expect(part(el, 'connect-button'), 'Connect account is offered again').to.exist;
    expect(part(el, 'status')!.textContent!.trim()).to.equal('');
    expect(el.connected).to.equal(false);
    const errors = recorded.of('request-error');
    expect(errors).to.have.length(1);
    expect((errors[0]!.detail as { error: OpsError }).error.code).to.equal('popup_closed');
    expect(recorded.of('account-connected')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('offers the sign-in page as a link when the popup is blocked; approving there connects', async () => {
    const exchange = serveExchange(sandbox);
    opens.restore();
    opens = recordWindowOpen(() => null);
    const el = await attributeElement();
    await expect(el).to.be.accessible();
    const recorded = recordEvents(el);
    await click(el, 'connect-button');

    await waitFor(() => part(el, 'sign-in-link'), 'no sign-in link');
    const alert = shadow(el).querySelector('[role="alert"]')!;
    expect(alert.textContent).to.contain('The sign-in window was blocked by the browser.');
    const link = part<HTMLAnchorElement>(el, 'sign-in-link')!;
    expect(link.textContent!.trim()).to.equal('Open the sign-in page');
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.equal('noopener');
    const error = (recorded.of('request-error')[0]!.detail as { error: OpsError }).error;
    expect(error.code).to.equal('popup_blocked');
    expect(link.href).to.equal(error.url);
    expect(link.href).to.equal(opens.calls[0]!.url);
    const authorize = new URL(link.href);
    expect(`${authorize.origin}${authorize.pathname}`).to.equal(`${sandbox.baseUrl}/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).to.equal(SANDBOX_CREDENTIALS.clientId);
    expect(authorize.searchParams.get('redirect_uri')).to.equal(REDIRECT_URI);
    expect(part(el, 'connect-button')).to.exist;
    await expect(el).to.be.accessible();

    // The user follows the link. Like `rel="noopener"`, the new window has no opener: the
    // redirect page's answer arrives over the BroadcastChannel.
    opens.restore();
    opens = recordWindowOpen();
    const { value: linkWindow } = await inUserClick(() => window.open(link.href, 'sign-in-link'));
    linkWindow!.opener = null;
    approvalButton(await waitForPopupPage(linkWindow!, '/oauth/authorize'), 'Approve').click();

    await waitFor(() => el.connected, 'the link sign-in did not connect');
    await waitForStatus(el, SANDBOX_WHO);
    expect(part(el, 'sign-in-link'), 'the link is gone once connected').to.equal(null);
    expect(shadow(el).querySelector('[role="alert"]')).to.equal(null);
    expect(recorded.of('account-connected')).to.have.length(1);
    expect(Number((await getCurrentUser(getDefaultClient())).id)).to.equal(sandbox.seed.user);
    expectTokenNowhere(el, exchange.tokens[0]!, recorded.events);
    linkWindow!.close();
  });

  it('Cancel closes the popup and returns to Connect account without an error', async () => {
    serveExchange(sandbox);
    const el = await attributeElement();
    await expect(el).to.be.accessible();
    const recorded = recordEvents(el);
    await click(el, 'connect-button');
    await waitForPopupPage(opens.popup, '/oauth/authorize');
    await click(el, 'cancel-button');

    await waitFor(() => part(el, 'connect-button'), 'Connect account did not come back');
    await waitFor(() => opens.popup.closed, 'the popup did not close');
    expect(shadow(el).querySelector('[role="alert"]')).to.equal(null);
    expect(recorded.events).to.have.length(0);
    expect(shadow(el).activeElement, 'focus returns to Connect account').to.equal(part(el, 'connect-button'));
    await expect(el).to.be.accessible();
  });

  it('Disconnect signs out and puts the default client back without credentials', async () => {
    const exchange = serveExchange(sandbox);
    const el = await attributeElement();
    await expect(el).to.be.accessible();
    const recorded = recordEvents(el);
    await click(el, 'connect-button');
    approvalButton(await waitForPopupPage(opens.popup, '/oauth/authorize'), 'Approve').click();
    await waitFor(() => part(el, 'disconnect-button'), 'not connected');
    await waitForStatus(el, SANDBOX_WHO);
    const connectedClient = getDefaultClient();
    expect(Number((await getCurrentUser(connectedClient)).id)).to.equal(sandbox.seed.user);

    await click(el, 'disconnect-button');
    await el.updateComplete;
    expect(el.connected).to.equal(false);
    expect(part(el, 'connect-button')!.textContent!.trim()).to.equal('Connect account');
    expect(part(el, 'status')!.textContent!.trim()).to.equal('');
    expect(shadow(el).activeElement, 'focus moves to Connect account').to.equal(part(el, 'connect-button'));
    const disconnected = recorded.of('account-disconnected');
    expect(disconnected).to.have.length(1);
    expect(disconnected[0]!.detail).to.deep.equal({ connected: false });

    expect(getDefaultClient()).not.to.equal(connectedClient);
    expect(getDefaultClient().baseUrl).to.equal(sandbox.baseUrl);
    const refused = await getCurrentUser(getDefaultClient()).then(
      () => null,
      (error: OpsError) => error.code,
    );
    expect(refused).to.equal('unauthorized');
    const tokenRequests = (await sandbox.requests()).filter((entry) => entry.path === '/current_user');
    // The element's read with the token, the test's, and the test's after disconnecting.
    expect(tokenRequests.map((entry) => entry.status)).to.deep.equal([200, 200, 401]);
    expect(el.user).to.equal(undefined);
    expectTokenNowhere(el, exchange.tokens[0]!, recorded.events);
    await expect(el).to.be.accessible();
  });

  it('speaks German under lang="de", with a ready OAuthPopup passed as .popup', async () => {
    document.documentElement.setAttribute('lang', 'de');
    const tokens: string[] = [];
    const popup = new OAuthPopup({
      authUrl: sandbox.baseUrl,
      clientId: SANDBOX_CREDENTIALS.clientId,
      redirectUri: REDIRECT_URI,
      exchange: directExchange(sandbox, tokens),
    });
    const el = await fixture<ConnectAccount>(html`<connect-account .popup=${popup}></connect-account>`);
    await expect(el).to.be.accessible();
    const recorded = recordEvents(el);
    expect(part(el, 'connect-button')!.textContent!.trim()).to.equal('Konto verbinden');
    expect(part(el, 'container')!.getAttribute('aria-label')).to.equal('Kontoverbindung');

    await click(el, 'connect-button');
    await el.updateComplete;
    expect(part(el, 'status')!.textContent).to.contain('Warten auf die Freigabe im Anmeldefenster …');
    expect(part(el, 'cancel-button')!.textContent!.trim()).to.equal('Abbrechen');
    approvalButton(await waitForPopupPage(opens.popup, '/oauth/authorize'), 'Approve').click();

    await waitFor(() => el.connected, 'not connected');
    await waitForStatus(el, 'Verbunden als Alex Morgan bei Sandbox Goods Ltd');
    expect(part(el, 'disconnect-button')!.textContent!.trim()).to.equal('Trennen');
    expect(popup.isSignedIn).to.equal(true);
    expect(Number((await getCurrentUser(getDefaultClient())).id)).to.equal(sandbox.seed.user);
    expectTokenNowhere(el, tokens[0]!, recorded.events);
    await expect(el).to.be.accessible();

    await click(el, 'disconnect-button');
    await el.updateComplete;
    expect(popup.isSignedIn).to.equal(false);
    expect(part(el, 'connect-button')!.textContent!.trim()).to.equal('Konto verbinden');

    // A blocked popup in German: the banner and the link.
    opens.restore();
    opens = recordWindowOpen(() => null);
    await click(el, 'connect-button');
    await waitFor(() => part(el, 'sign-in-link'), 'no sign-in link');
    const alert = shadow(el).querySelector('[role="alert"]')!;
    expect(alert.textContent).to.contain('Das Konto wurde nicht verbunden.');
    expect(alert.textContent).to.contain('Das Anmeldefenster wurde vom Browser blockiert.');
    expect(part(el, 'sign-in-link')!.textContent!.trim()).to.equal('Anmeldeseite öffnen');
    await expect(el).to.be.accessible();
  });

  it('says so when the user denies access in the popup', async () => {
    serveExchange(sandbox);
    const el = await attributeElement();
    await expect(el).to.be.accessible();
    await click(el, 'connect-button');
    approvalButton(await waitForPopupPage(opens.popup, '/oauth/authorize'), 'Deny').click();
    await waitFor(() => shadow(el).querySelector('[role="alert"]'), 'no alert');
    expect(shadow(el).querySelector('[role="alert"]')!.textContent).to.contain(
      'Access was not granted in the sign-in window.',
    );
    expect(el.connected).to.equal(false);
    expect(getDefaultClient().baseUrl).to.equal(sandbox.baseUrl);
    await expect(el).to.be.accessible();
  });

  it('uses base-url for the default client, and storage="session" keeps the connection for a new element', async () => {
    const exchange = serveExchange(sandbox);
    configure({ baseUrl: '' });
    const el = await attributeElement({ storage: 'session', baseUrl: sandbox.baseUrl });
    await expect(el).to.be.accessible();
    await click(el, 'connect-button');
    approvalButton(await waitForPopupPage(opens.popup, '/oauth/authorize'), 'Approve').click();
    await waitFor(() => el.connected, 'not connected');
    expect(getDefaultClient().baseUrl).to.equal(sandbox.baseUrl);
    expect(Number((await getCurrentUser(getDefaultClient())).id)).to.equal(sandbox.seed.user);
    el.remove();

    // The same tab later (a reload): the element shows the kept connection at once.
    configure({ baseUrl: '' });
    const again = await attributeElement({ storage: 'session', baseUrl: sandbox.baseUrl });
    const recorded = recordEvents(again);
    expect(again.connected).to.equal(true);
    expect(textOf(part(again, 'status'))).to.contain('Connected');
    // Who is connected is read for the kept connection too, without an event.
    await waitForStatus(again, SANDBOX_WHO);
    expect(again.user?.login).to.equal('Alex Morgan');
    expect(Number((await getCurrentUser(getDefaultClient())).id)).to.equal(sandbox.seed.user);
    expect(recorded.events).to.have.length(0);
    expectTokenNowhere(again, exchange.tokens[0]!, recorded.events);
    await expect(again).to.be.accessible();

    await click(again, 'disconnect-button');
    expect(sessionStorage.getItem(SESSION_TOKEN_KEY)).to.equal(null);
  });

  /** Connect account, Approve in the sandbox's popup, and wait until the element is connected. */
  async function connect(el: ConnectAccount): Promise<void> {
    await click(el, 'connect-button');
    approvalButton(await waitForPopupPage(opens.popup, '/oauth/authorize'), 'Approve').click();
    await waitFor(() => el.connected, 'not connected');
  }

  it('shows the email when the login is null, and the event carries the user as answered, secrets removed', async () => {
    const exchange = serveExchange(sandbox);
    const el = await attributeElement();
    await expect(el).to.be.accessible();
    const recorded = recordEvents(el);
    await sandbox.fault({
      method: 'GET',
      path: '/current_user',
      status: 200,
      body: {
        id: 4021,
        login: null,
        email: 'ada@example.com',
        api_key: 'a-key-that-never-reaches-the-page',
        company: { id: 9, name: 'Acme Ltd' },
      },
    });
    await connect(el);

    await waitForStatus(el, 'Connected as ada@example.com at Acme Ltd');
    await waitFor(() => recorded.of('account-connected').length === 1, 'no account-connected');
    const user = userOf(recorded.of('account-connected')[0]!);
    expect(user.login).to.equal(null);
    expect(user.email).to.equal('ada@example.com');
    expect(user.company?.name).to.equal('Acme Ltd');
    expect(user['id']).to.equal(4021);
    expect(user).not.to.have.property('api_key');
    expect(JSON.stringify(recorded.events.map((event) => event.detail as unknown))).not.to.contain(
      'a-key-that-never-reaches-the-page',
    );
    expectTokenNowhere(el, exchange.tokens[0]!, recorded.events);
    await expect(el).to.be.accessible();
  });

  it("when who is connected cannot be read: Connected, the API's words and Retry; Retry shows who and announces it", async () => {
    const exchange = serveExchange(sandbox);
    const el = await attributeElement();
    await expect(el).to.be.accessible();
    const recorded = recordEvents(el);
    await sandbox.fault({
      method: 'GET',
      path: '/current_user',
      status: 403,
      body: { error_messages: 'This token may not read the current user.' },
    });
    await connect(el);

    await waitFor(() => shadow(el).querySelector('[role="alert"]'), 'no alert');
    await el.updateComplete;
    const alert = shadow(el).querySelector('[role="alert"]')!;
    expect(textOf(alert)).to.contain('The account is connected, but who signed in could not be read.');
    expect(textOf(alert)).to.contain('This token may not read the current user.');
    expect(statusOf(el), 'the connection stays').to.equal('Connected');
    expect(el.connected).to.equal(true);
    expect(part(el, 'disconnect-button')).to.exist;
    expect(recorded.of('account-connected'), 'not announced without the user').to.have.length(0);
    const errors = recorded.of('request-error');
    expect(errors).to.have.length(1);
    expect((errors[0]!.detail as { error: OpsError }).error.code).to.equal('forbidden');
    // The token is kept: the default client still acts for the user.
    expect(Number((await getCurrentUser(getDefaultClient())).id)).to.equal(sandbox.seed.user);
    await expect(el).to.be.accessible();

    await click(el, 'retry-button');
    await waitForStatus(el, SANDBOX_WHO);
    expect(shadow(el).querySelector('[role="alert"]')).to.equal(null);
    expect(shadow(el).activeElement, 'focus moves from the Retry that went to Disconnect').to.equal(
      part(el, 'disconnect-button'),
    );
    const connected = recorded.of('account-connected');
    expect(connected).to.have.length(1);
    expect(userOf(connected[0]!).login).to.equal('Alex Morgan');
    const reads = (await sandbox.requests()).filter((entry) => entry.path === '/current_user');
    expect(reads.map((entry) => entry.status)).to.deep.equal([403, 200, 200]);
    expectTokenNowhere(el, exchange.tokens[0]!, recorded.events);
    await expect(el).to.be.accessible();
  });

  it('Disconnect still works while who is connected cannot be read, and focus goes to Connect account', async () => {
    const exchange = serveExchange(sandbox);
    const el = await attributeElement();
    await expect(el).to.be.accessible();
    const recorded = recordEvents(el);
    await sandbox.fault({ method: 'GET', path: '/current_user', status: 403, times: 5 });
    await connect(el);
    await waitFor(() => part(el, 'retry-button'), 'no Retry');

    await click(el, 'disconnect-button');
    await waitFor(() => part(el, 'connect-button'), 'Connect account did not come back');
    await el.updateComplete;
    expect(part(el, 'connect-button')!.textContent!.trim()).to.equal('Connect account');
    expect(shadow(el).activeElement, 'focus moves to Connect account').to.equal(part(el, 'connect-button'));
    expect(shadow(el).querySelector('[role="alert"]'), 'the alert goes with the connection').to.equal(null);
    expect(statusOf(el)).to.equal('');
    expect(el.connected).to.equal(false);
    expect(recorded.of('account-disconnected')).to.have.length(1);
    expect(recorded.of('account-connected')).to.have.length(0);
    expect(getDefaultClient().hasCredentials).to.equal(false);
    expectTokenNowhere(el, exchange.tokens[0]!, recorded.events);
    await expect(el).to.be.accessible();
  });

  it('keeps the options the page configured (session, labelStorage, appToken, fetch) on connecting and disconnecting', async () => {
    serveExchange(sandbox);
    const pageFetch = recordingFetch();
    configure({
      baseUrl: sandbox.baseUrl,
      session: true,
      labelStorage: 'none',
      appToken: sandbox.appToken,
      fetch: pageFetch.fetch,
    });
    const el = await attributeElement();
    await expect(el).to.be.accessible();
    await connect(el);
    await waitForStatus(el, SANDBOX_WHO);

    const connectedClient = getDefaultClient();
    expect(connectedClient.hasCredentials).to.equal(true);
    expect(connectedClient.labelStorage, 'labels are still not kept').to.equal('none');
    expect(connectedClient.appToken).to.equal(sandbox.appToken);
    expect(
      pageFetch.calls.map((call) => new URL(call.url).pathname),
      "the user was read through the page's fetch",
    ).to.include(`${new URL(sandbox.baseUrl).pathname}/current_user`);

    await click(el, 'disconnect-button');
    await waitFor(() => part(el, 'connect-button'), 'not disconnected');
    const pageClient = getDefaultClient();
    expect(pageClient).not.to.equal(connectedClient);
    expect(pageClient.hasCredentials).to.equal(false);
    expect(pageClient.session, 'the session is read again').to.equal(true);
    expect(pageClient.labelStorage).to.equal('none');
    expect(pageClient.appToken).to.equal(sandbox.appToken);
    const before = pageFetch.calls.length;
    await getCurrentUser(pageClient).catch(() => undefined);
    expect(pageFetch.calls.length, "requests go through the page's fetch again").to.equal(before + 1);
  });

  it('without its attributes, says sign-in is not set up and leaves the default client alone', async () => {
    const before = getDefaultClient();
    const el = await fixture<ConnectAccount>(
      html`<connect-account auth-url=${sandbox.baseUrl} client-id="sandbox-client"></connect-account>`,
    );
    await expect(el).to.be.accessible();
    expect(part<HTMLButtonElement>(el, 'connect-button')!.disabled).to.equal(true);
    expect(textOf(shadow(el))).to.contain('Sign-in is not set up on this page.');
    expect(getDefaultClient()).to.equal(before);
  });
});

describe('connect-account: the user read from GET /current_user', () => {
  const text = connectAccountMessages({ tag: 'en', language: 'en' });

  it('reads login and email as text or null, company as an object or null, and keeps every other member', () => {
    const user = currentUserFrom({ id: 1, login: 42, email: null, location: 'Leeds', company: 'Acme' });
    expect(user.login).to.equal('42');
    expect(user.email).to.equal(null);
    expect(user.company).to.equal(null);
    expect(user['location']).to.equal('Leeds');
    const withCompany = currentUserFrom({ email: 'ada@example.com', company: { id: 3, name: null } });
    expect(withCompany.login).to.equal(null);
    expect(withCompany.company).to.deep.equal({ id: 3, name: null });
  });

  it('refuses an answer that is not an object as invalid_response', () => {
    for (const body of [null, 'html', [], 3]) {
      expect(() => currentUserFrom(body, 200), JSON.stringify(body))
        .to.throw(OpsError)
        .with.property('code', 'invalid_response');
    }
  });

  it('names the user by login, else email, and says only what the answer has', () => {
    const cases: Array<[unknown, string]> = [
      [
        { login: 'Ada', email: 'ada@example.com', company: { name: 'Acme Ltd' } },
        'Connected as Ada at Acme Ltd',
      ],
      [
        { login: null, email: 'ada@example.com', company: { name: 'Acme Ltd' } },
        'Connected as ada@example.com at Acme Ltd',
      ],
      [{ login: '  ', email: 'ada@example.com' }, 'Connected as ada@example.com'],
      [{ login: null, email: null, company: { name: 'Acme Ltd' } }, 'Connected to Acme Ltd'],
      [{ company: { name: ' ' } }, 'Connected'],
    ];
    for (const [body, sentence] of cases) {
      expect(connectedSentence(currentUserFrom(body), text), JSON.stringify(body)).to.equal(sentence);
    }
    expect(whoIs(currentUserFrom({ login: ' Ada ' }))).to.equal('Ada');
  });
});
