import { expect } from '@open-wc/testing';
import { OpsError } from '../../src/api/errors.js';
import {
  OAuthPopup,
  completeOAuthPopup,
  type AuthState,
  type OAuthPopupOptions,
} from '../../src/auth/index.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/seed-ids.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import { waitFor } from '../helpers/elements.js';
import {
  expectOpsError,
  inUserClick,
  outcomeOf,
  recordWindowOpen,
  stillPending,
  type OpenCall,
} from './helpers.js';

/**
 * The popup mechanics, with the authorization server's answer played by the test: the popup
 * opens on the sandbox's approval page, and the test sends it straight on to the real redirect
 * page (`demo/oauth-callback.html`) with the code, state or error it wants to check.
 * Pressing Approve / Deny on the real page is in `oauth-sandbox.test.ts`.
 */
const AUTH_URL = createTestSandbox().baseUrl;
const REDIRECT_URI = `${location.origin}/demo/oauth-callback.html`;

function makePopup(overrides: Partial<OAuthPopupOptions> = {}) {
  const exchanged: { code: string; redirectUri: string }[] = [];
  const verifiers: string[] = [];
  const popup = new OAuthPopup({
    authUrl: AUTH_URL,
    clientId: SANDBOX_CREDENTIALS.clientId,
    redirectUri: REDIRECT_URI,
    exchange: (code, { redirectUri, codeVerifier }) => {
      exchanged.push({ code, redirectUri });
      verifiers.push(codeVerifier);
      return { access_token: `token-for-${code}`, token_type: 'bearer' };
    },
    ...overrides,
  });
  return { popup, exchanged, verifiers };
}

/** The PKCE S256 challenge of a verifier, by Web Crypto. */
async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Sends the popup to the redirect page with these query parameters, as the authorization server would. */
function redirectPopup(win: Window, params: Record<string, string>) {
  win.location.href = `${REDIRECT_URI}?${new URLSearchParams(params).toString()}`;
}

describe('OAuthPopup', () => {
  let opens: ReturnType<typeof recordWindowOpen>;

  beforeEach(() => {
    opens = recordWindowOpen();
    sessionStorage.clear();
  });

  afterEach(() => {
    for (const call of opens.calls) call.popup?.close();
    opens.restore();
  });

  it('opens the authorization URL synchronously with client_id, redirect_uri, response_type, empty scope and a random state', async () => {
    const { popup } = makePopup();
    const { value: result } = await inUserClick(() => {
      const promise = popup.signIn();
      // No await happened between the click and window.open.
      expect(opens.calls).to.have.length(1);
      return promise;
    });
    const url = new URL(opens.calls[0]!.url);
    expect(url.origin + url.pathname).to.equal(`${AUTH_URL}/oauth/authorize`);
    expect(url.searchParams.get('client_id')).to.equal(SANDBOX_CREDENTIALS.clientId);
    expect(url.searchParams.get('redirect_uri')).to.equal(REDIRECT_URI);
    expect(url.searchParams.get('response_type')).to.equal('code');
    expect(url.searchParams.has('scope')).to.equal(true);
    expect(url.searchParams.get('scope')).to.equal('');
    expect(opens.state).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(opens.calls[0]!.features).to.match(/popup=yes/);
    expect(popup.isSigningIn).to.equal(true);

    const first = opens.state;
    popup.cancelSignIn();
    expectOpsError(await outcomeOf(result), 'aborted');
    const { value: again } = await inUserClick(() => popup.signIn());
    expect(opens.state).to.not.equal(first);
    popup.cancelSignIn();
    expectOpsError(await outcomeOf(again), 'aborted');
  });

  it('resolves with the token once the redirect page reports the code, and keeps it', async () => {
    const { popup, exchanged } = makePopup();
    const states: AuthState[] = [];
    const unsubscribe = popup.subscribe((state) => states.push(state));
    const events: string[] = [];
    popup.addEventListener('signin', () => events.push('signin'));
    popup.addEventListener('signout', () => events.push('signout'));

    const { value: signingIn } = await inUserClick(() => popup.signIn());
    redirectPopup(opens.popup, { code: 'code-1', state: opens.state });
    expect(await signingIn).to.equal('token-for-code-1');
    expect(exchanged).to.deep.equal([{ code: 'code-1', redirectUri: REDIRECT_URI }]);
    expect(popup.isSignedIn).to.equal(true);
    expect(popup.token).to.equal('token-for-code-1');
    expect(await popup.getToken()).to.equal('token-for-code-1');
    await waitFor(() => opens.popup.closed, 'the redirect page to close the popup');
    expect(sessionStorage.length, 'memory storage by default').to.equal(0);

    popup.signOut();
    expect(popup.isSignedIn).to.equal(false);
    expect(popup.token).to.equal(null);
    expectOpsError(await outcomeOf(popup.getToken()), 'unauthorized');
    expect(events).to.deep.equal(['signin', 'signout']);
    expect(states.map((s) => s.signedIn)).to.deep.equal([false, true, false]);
    unsubscribe();
  });

  it('rejects with popup_blocked and offers the authorization URL when window.open returns null', async () => {
    opens.restore();
    opens = recordWindowOpen(() => null);
    const { popup } = makePopup();
    const error = expectOpsError(await outcomeOf(popup.signIn()), 'popup_blocked');
    expect(error.url).to.equal(opens.calls[0]!.url);
    expect(error.url!.startsWith(`${AUTH_URL}/oauth/authorize?`)).to.equal(true);
    expect(popup.isSigningIn).to.equal(false);
  });

  it('rejects with popup_closed when the user closes the popup', async () => {
    const { popup, exchanged } = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    opens.popup.close();
    expectOpsError(await outcomeOf(signingIn), 'popup_closed');
    expect(exchanged).to.have.length(0);
    expect(popup.isSignedIn).to.equal(false);
  });

  it('ignores a message from another origin, even with the right state', async () => {
    const { popup, exchanged } = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'https://evil.example',
        data: { type: 'commerce-ops-oauth', code: 'forged', state: opens.state, error: null },
      }),
    );
    expect(await stillPending(signingIn)).to.equal(true);
    expect(exchanged).to.have.length(0);

    redirectPopup(opens.popup, { code: 'real', state: opens.state });
    expect(await signingIn).to.equal('token-for-real');
    expect(exchanged.map((e) => e.code)).to.deep.equal(['real']);
  });

  it('rejects with state_mismatch when the redirect page reports another state', async () => {
    const { popup, exchanged } = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    redirectPopup(opens.popup, { code: 'code-x', state: 'not-the-state' });
    expectOpsError(await outcomeOf(signingIn), 'state_mismatch');
    expect(exchanged).to.have.length(0);
    expect(popup.isSignedIn).to.equal(false);
  });

  it('rejects with state_mismatch for a same-origin message with a wrong state', async () => {
    const { popup } = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: location.origin,
        data: { type: 'commerce-ops-oauth', code: 'c', state: 'wrong', error: null },
      }),
    );
    expectOpsError(await outcomeOf(signingIn), 'state_mismatch');
    await waitFor(() => opens.popup.closed, 'the popup to be closed');
  });

  it('rejects with unauthorized when the user declines (error=access_denied)', async () => {
    const { popup, exchanged } = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    redirectPopup(opens.popup, { error: 'access_denied', state: opens.state });
    const error = expectOpsError(await outcomeOf(signingIn), 'unauthorized');
    expect(error.message).to.match(/declined/);
    expect((error.cause as { oauthError: string }).oauthError).to.equal('access_denied');
    expect(exchanged).to.have.length(0);
  });

  it('rejects with the exchange error when the backend refuses the code', async () => {
    const refusal = new OpsError(
      'unauthorized',
      'The authorization code was refused; it may have expired or been used.',
      {
        status: 400,
      },
    );
    const { popup } = makePopup({ exchange: () => Promise.reject(refusal) });
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    redirectPopup(opens.popup, { code: 'stale', state: opens.state });
    const outcome = await outcomeOf(signingIn);
    expect((outcome as { error: unknown }).error).to.equal(refusal);
    expect(popup.isSignedIn).to.equal(false);
  });

  it('wraps other exchange failures and answers without a token as OpsErrors', async () => {
    const { popup } = makePopup({ exchange: () => Promise.reject(new TypeError('Failed to fetch')) });
    let signingIn = (await inUserClick(() => popup.signIn())).value;
    redirectPopup(opens.popup, { code: 'a', state: opens.state });
    expectOpsError(await outcomeOf(signingIn), 'unknown');

    const { popup: second } = makePopup({ exchange: () => ({ access_token: '' }) });
    signingIn = (await inUserClick(() => second.signIn())).value;
    redirectPopup(opens.popup, { code: 'b', state: opens.state });
    expectOpsError(await outcomeOf(signingIn), 'invalid_response');
  });

  it('rejects with timeout and closes the popup when nobody answers', async () => {
    const { popup } = makePopup({ timeoutMs: 300 });
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    expectOpsError(await outcomeOf(signingIn), 'timeout');
    expect(opens.popup.closed).to.equal(true);
  });

  it('can be cancelled with an AbortSignal', async () => {
    const { popup } = makePopup();
    const controller = new AbortController();
    const { value: signingIn } = await inUserClick(() => popup.signIn({ signal: controller.signal }));
    controller.abort();
    expectOpsError(await outcomeOf(signingIn), 'aborted');
    expect(opens.popup.closed).to.equal(true);
  });

  it('a second signIn while the popup is open returns the same sign-in', async () => {
    const { popup } = makePopup();
    const { value: first } = await inUserClick(() => popup.signIn());
    const { value: second } = await inUserClick(() => popup.signIn());
    expect(second).to.equal(first);
    expect(opens.calls).to.have.length(1);
    redirectPopup(opens.popup, { code: 'once', state: opens.state });
    expect(await first).to.equal('token-for-once');
  });

  it('hears the redirect page over BroadcastChannel when window.opener is gone', async () => {
    const { popup } = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    const state = opens.state;
    opens.popup.close();
    // What the redirect page does when a Cross-Origin-Opener-Policy severed its opener.
    const channel = new BroadcastChannel('commerce-ops-oauth');
    const other = new BroadcastChannel('commerce-ops-oauth');
    // Another tab's sign-in on the same channel is ignored, not a state mismatch.
    other.postMessage({ type: 'commerce-ops-oauth', code: 'other-tab', state: 'other-state', error: null });
    channel.postMessage({ type: 'commerce-ops-oauth', code: 'via-channel', state, error: null });
    expect(await signingIn).to.equal('token-for-via-channel');
    channel.close();
    other.close();
  });

  it('sends an S256 code_challenge and hands the matching code_verifier to exchange', async () => {
    const { popup, verifiers } = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    const url = new URL(opens.calls[0]!.url);
    const challenge = url.searchParams.get('code_challenge') ?? '';
    expect(challenge).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).to.equal('S256');
    redirectPopup(opens.popup, { code: 'pkce-code', state: opens.state });
    expect(await signingIn).to.equal('token-for-pkce-code');
    expect(verifiers).to.have.length(1);
    expect(verifiers[0]).to.match(/^[A-Za-z0-9_-]{43,128}$/);
    expect(await s256(verifiers[0]!)).to.equal(challenge);

    // Each sign-in has a verifier of its own.
    const { value: again } = await inUserClick(() => popup.signIn());
    const second = new URL(opens.calls[1]!.url).searchParams.get('code_challenge');
    expect(second).to.not.equal(challenge);
    popup.cancelSignIn();
    expectOpsError(await outcomeOf(again), 'aborted');
  });

  it('two sign-ins at once each get a window of their own, and both succeed', async () => {
    const first = makePopup();
    const second = makePopup({ clientId: `${SANDBOX_CREDENTIALS.clientId}-2` });
    const { value: one } = await inUserClick(() => first.popup.signIn());
    const { value: two } = await inUserClick(() => second.popup.signIn());
    expect(opens.calls).to.have.length(2);
    const [a, b] = opens.calls as [OpenCall, OpenCall];
    expect(a.target).to.match(/^commerce-ops-oauth/);
    expect(b.target).to.not.equal(a.target);
    expect(a.popup).to.not.equal(b.popup);
    const stateOf = (call: OpenCall) => new URL(call.url).searchParams.get('state') ?? '';
    redirectPopup(a.popup!, { code: 'first-code', state: stateOf(a) });
    redirectPopup(b.popup!, { code: 'second-code', state: stateOf(b) });
    expect(await one).to.equal('token-for-first-code');
    expect(await two).to.equal('token-for-second-code');
  });

  it('refuses a callback that carries no state (state: null), by window message', async () => {
    const { popup, exchanged } = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: location.origin,
        data: { type: 'commerce-ops-oauth', code: 'no-state', state: null, error: null },
      }),
    );
    expectOpsError(await outcomeOf(signingIn), 'state_mismatch');
    expect(exchanged).to.have.length(0);
    expect(popup.isSignedIn).to.equal(false);
  });

  it('ignores a callback that carries no state (state: null) over BroadcastChannel', async () => {
    const { popup, exchanged } = makePopup();
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    const state = opens.state;
    const channel = new BroadcastChannel('commerce-ops-oauth');
    try {
      channel.postMessage({ type: 'commerce-ops-oauth', code: 'no-state', state: null, error: null });
      channel.postMessage({ type: 'commerce-ops-oauth', code: 'no-state-2', error: null });
      expect(await stillPending(signingIn, 300)).to.equal(true);
      expect(exchanged).to.have.length(0);
      expect(popup.isSignedIn).to.equal(false);
      channel.postMessage({ type: 'commerce-ops-oauth', code: 'with-state', state, error: null });
      expect(await signingIn).to.equal('token-for-with-state');
      expect(exchanged.map((entry) => entry.code)).to.deep.equal(['with-state']);
    } finally {
      channel.close();
    }
  });

  it('keeps the token in sessionStorage when asked, and forgets it on signOut', async () => {
    const { popup } = makePopup({ storage: 'session' });
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    redirectPopup(opens.popup, { code: 'kept', state: opens.state });
    await signingIn;
    const restored = makePopup({ storage: 'session' }).popup;
    expect(restored.isSignedIn).to.equal(true);
    expect(await restored.getToken()).to.equal('token-for-kept');
    restored.signOut();
    expect(makePopup({ storage: 'session' }).popup.isSignedIn).to.equal(false);
  });

  it('serves as bearer credentials: getToken works detached', async () => {
    const { popup } = makePopup();
    const { getToken } = popup;
    expectOpsError(await outcomeOf(getToken()), 'unauthorized');
    const { value: signingIn } = await inUserClick(() => popup.signIn());
    redirectPopup(opens.popup, { code: 'c', state: opens.state });
    await signingIn;
    expect(await getToken()).to.equal('token-for-c');
  });
});

describe('redirect sign-in fallback', () => {
  beforeEach(() => sessionStorage.clear());

  it('stores the state, then completes on return with the code', async () => {
    const { popup, exchanged, verifiers } = makePopup();
    let navigatedTo = '';
    const url = popup.signInWithRedirect({
      navigate: (target) => (navigatedTo = target),
      returnTo: '/orders/1',
    });
    expect(navigatedTo).to.equal(url);
    const state = new URL(url).searchParams.get('state')!;

    const result = await popup.completeRedirectSignIn({ url: `${REDIRECT_URI}?code=r1&state=${state}` });
    expect(result).to.deep.equal({ accessToken: 'token-for-r1', returnTo: '/orders/1' });
    expect(exchanged).to.deep.equal([{ code: 'r1', redirectUri: REDIRECT_URI }]);
    // The verifier waited in sessionStorage for the return; its challenge went with the redirect.
    expect(await s256(verifiers[0] ?? '')).to.equal(new URL(url).searchParams.get('code_challenge'));
    expect(popup.token).to.equal('token-for-r1');
    // The stored state is single-use.
    expect(await popup.completeRedirectSignIn({ url: `${REDIRECT_URI}?code=r1&state=${state}` })).to.equal(
      null,
    );
  });

  it('refuses a return whose state does not match', async () => {
    const { popup, exchanged } = makePopup();
    popup.signInWithRedirect({ navigate: () => undefined });
    const outcome = await outcomeOf(
      popup.completeRedirectSignIn({ url: `${REDIRECT_URI}?code=r&state=forged` }),
    );
    expectOpsError(outcome, 'state_mismatch');
    expect(exchanged).to.have.length(0);
  });

  it('reports a declined sign-in and does nothing without a pending redirect', async () => {
    const { popup } = makePopup();
    expect(await popup.completeRedirectSignIn({ url: `${REDIRECT_URI}?code=r&state=s` })).to.equal(null);
    const url = popup.signInWithRedirect({ navigate: () => undefined });
    const state = new URL(url).searchParams.get('state')!;
    const outcome = await outcomeOf(
      popup.completeRedirectSignIn({ url: `${REDIRECT_URI}?error=access_denied&state=${state}` }),
    );
    expectOpsError(outcome, 'unauthorized');
  });
});

describe('completeOAuthPopup', () => {
  it('does nothing on a page without OAuth parameters', () => {
    const result = completeOAuthPopup({ close: false });
    expect(result.deliveredTo).to.deep.equal([]);
    expect(result.message).to.include({ type: 'commerce-ops-oauth', code: null, state: null, error: null });
  });
});
