import { configure, getCurrentUser, getDefaultClient, OpsError } from '../src/api/index.js';
import { OAuthPopup, type ExchangeCode } from '../src/auth/index.js';
import '../src/connect-account.js';
import '../src/order-card.js';
import { SANDBOX_CREDENTIALS, SEED_IDS } from '../src/sandbox/seed-ids.js';
import { eventLog, sandboxBaseUrl } from './main.js';
import { addPageBar } from './settings.js';

// Back to the main page, and its language and theme switches.
addPageBar();

/**
 * On a seller's page `<connect-account>` needs no script: its attributes name the authorization
 * server, the client id, the redirect page and the host's token-exchange endpoint. The demo
 * server has no backend route for the exchange, so this page builds the `OAuthPopup` itself and
 * hands it to the element as `.popup`.
 */

/** What `data-base-url` on the script tag does on a real page: the API (here this tab's sandbox). */
configure({ baseUrl: sandboxBaseUrl });

/**
 * SANDBOX ONLY. Trades the code at the sandbox's token endpoint with the sandbox's public client
 * secret, in the browser. A real client secret must never reach a page: production pages set
 * `exchange-url` to their backend's `createTokenExchangeHandler` (see docs/production-setup.md).
 */
const sandboxOnlyExchange: ExchangeCode = async (code, { redirectUri, codeVerifier, signal }) => {
  const response = await fetch(`${sandboxBaseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      client_id: SANDBOX_CREDENTIALS.clientId,
      client_secret: SANDBOX_CREDENTIALS.clientSecret,
      code,
      code_verifier: codeVerifier,
    }),
    signal,
  });
  const body = (await response.json().catch(() => null)) as { access_token?: string } | null;
  if (!response.ok || !body?.access_token) {
    throw new OpsError('unauthorized', 'The sandbox refused the authorization code.', {
      status: response.status,
    });
  }
  return { access_token: body.access_token };
};

const connect = document.querySelector('connect-account');
const who = document.querySelector<HTMLParagraphElement>('#who');
const orders = document.querySelector<HTMLDivElement>('#orders');
const record = eventLog();

async function showAccount(): Promise<void> {
  try {
    const user = await getCurrentUser(getDefaultClient());
    if (who) who.textContent = `Connected as ${user.login ?? user.email ?? 'the account owner'}.`;
    if (orders && !orders.querySelector('order-card')) {
      const card = document.createElement('order-card');
      card.orderId = SEED_IDS.orders.withNotes;
      orders.replaceChildren(card);
    }
  } catch (error) {
    if (who) who.textContent = `Could not load the account: ${String(error)}`;
  }
}

if (connect) {
  connect.popup = new OAuthPopup({
    authUrl: sandboxBaseUrl,
    clientId: SANDBOX_CREDENTIALS.clientId,
    redirectUri: new URL('oauth-callback.html', location.href).href,
    exchange: sandboxOnlyExchange,
    storage: 'session',
  });
  connect.addEventListener('account-connected', (event) => {
    record(`account-connected: ${JSON.stringify(event.detail)}`);
    void showAccount();
  });
  connect.addEventListener('account-disconnected', (event) => {
    record(`account-disconnected: ${JSON.stringify(event.detail)}`);
    if (who) who.textContent = "Not connected: the API refuses this page's requests.";
    orders?.replaceChildren();
  });
  connect.addEventListener('request-error', (event) => {
    record(`request-error: ${event.detail.error.code}`);
  });
  // A connection kept in this tab's session shows at once, without an event.
  void connect.updateComplete.then(() => {
    if (connect.connected) void showAccount();
  });
}
