import { expect } from '@open-wc/testing';
import { OAuthPopup } from '../../src/auth/index.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/seed-ids.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import { waitFor } from '../helpers/elements.js';
import { expectOpsError, inUserClick, outcomeOf, recordWindowOpen } from './helpers.js';

/**
 * The sign-in through the link offered after `popup_blocked`: the authorization page opens in a
 * window the page did not open itself, so the answer of the redirect page (the demo's
 * `oauth-callback.html`) reaches the page as a same-origin message with no known source and
 * over the BroadcastChannel. Only the `state` of the blocked attempt may finish the sign-in.
 */
const AUTH_URL = createTestSandbox().baseUrl;
const REDIRECT_URI = `${location.origin}/demo/oauth-callback.html`;

/** How long a callback that should be ignored is given to do harm before the test looks. */
const IGNORED_MS = 400;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('OAuthPopup: the sign-in from the link offered after popup_blocked', () => {
  let opens: ReturnType<typeof recordWindowOpen>;

  beforeEach(() => {
    sessionStorage.clear();
    opens = recordWindowOpen(() => null);
  });

  afterEach(() => {
    for (const call of opens.calls) call.popup?.close();
    opens.restore();
  });

  /**
   * A popup whose `signIn()` was blocked: resolves with it, what it exchanged, the events it
   * dispatched and the `state` of the blocked attempt (the one its link carries).
   */
  async function blockedSignIn() {
    const exchanged: string[] = [];
    const events: string[] = [];
    const popup = new OAuthPopup({
      authUrl: AUTH_URL,
      clientId: SANDBOX_CREDENTIALS.clientId,
      redirectUri: REDIRECT_URI,
      exchange: (code) => {
        exchanged.push(code);
        return { access_token: `token-for-${code}`, token_type: 'bearer' };
      },
    });
    for (const type of ['signin', 'signinerror', 'change']) {
      popup.addEventListener(type, () => events.push(type));
    }
    const error = expectOpsError(await outcomeOf(popup.signIn()), 'popup_blocked');
    const state = new URL(error.url!).searchParams.get('state') ?? '';
    expect(state).to.match(/^[A-Za-z0-9_-]{43}$/);
    opens.restore();
    opens = recordWindowOpen();
    return { popup, exchanged, events, state, url: error.url! };
  }

  /** The redirect page, loaded in a window of its own with these parameters, as after the link. */
  async function redirectPageWith(params: Record<string, string>): Promise<void> {
    const href = `${REDIRECT_URI}?${new URLSearchParams(params).toString()}`;
    const { value: win } = await inUserClick(() => window.open(href, 'sign-in-link'));
    await waitFor(() => win === null || win.closed, 'the redirect page to post its answer and close');
  }

  /** A callback message as the redirect page posts it, sent to this page and on the channel. */
  function postCallback(message: Record<string, unknown>): void {
    window.dispatchEvent(new MessageEvent('message', { origin: location.origin, data: message }));
    const channel = new BroadcastChannel('commerce-ops-oauth');
    channel.postMessage(message);
    channel.close();
  }

  it('a callback with another state never signs in, by the redirect page, window message or channel', async () => {
    const { popup, exchanged, events, state } = await blockedSignIn();
    await redirectPageWith({ code: 'code-of-another-attempt', state: 'not-the-state' });
    postCallback({ type: 'commerce-ops-oauth', code: 'forged', state: `${state}x`, error: null });
    postCallback({ type: 'commerce-ops-oauth', code: 'forged-2', state: state.slice(1), error: null });
    await pause(IGNORED_MS);
    expect(exchanged, 'no code was exchanged').to.deep.equal([]);
    expect(popup.isSignedIn).to.equal(false);
    expect(popup.token).to.equal(null);
    expect(events).to.deep.equal([]);
    expectOpsError(await outcomeOf(popup.getToken()), 'unauthorized');
  });

  it('a callback without a state never signs in, by the redirect page, window message or channel', async () => {
    const { popup, exchanged, events } = await blockedSignIn();
    await redirectPageWith({ code: 'code-without-state' });
    postCallback({ type: 'commerce-ops-oauth', code: 'no-state', state: null, error: null });
    postCallback({ type: 'commerce-ops-oauth', code: 'no-state-member', error: null });
    postCallback({ type: 'commerce-ops-oauth', code: 'empty-state', state: '', error: null });
    await pause(IGNORED_MS);
    expect(exchanged, 'no code was exchanged').to.deep.equal([]);
    expect(popup.isSignedIn).to.equal(false);
    expect(events).to.deep.equal([]);
  });

  it('the callback with the blocked attempt’s state signs in once, after the ones that did not match', async () => {
    const { popup, exchanged, events, state, url } = await blockedSignIn();
    expect(new URL(url).searchParams.get('redirect_uri')).to.equal(REDIRECT_URI);
    await redirectPageWith({ code: 'stray', state: 'not-the-state' });
    postCallback({ type: 'commerce-ops-oauth', code: 'no-state', state: null, error: null });
    await pause(IGNORED_MS);
    expect(popup.isSignedIn).to.equal(false);

    await redirectPageWith({ code: 'the-code', state });
    await waitFor(() => popup.isSignedIn, 'the sign-in from the link');
    expect(popup.token).to.equal('token-for-the-code');
    expect(exchanged).to.deep.equal(['the-code']);
    expect(events).to.deep.equal(['signin', 'change']);

    // Done: the same answer again (a reload of the redirect page) changes nothing.
    postCallback({ type: 'commerce-ops-oauth', code: 'the-code-again', state, error: null });
    await pause(IGNORED_MS);
    expect(exchanged).to.deep.equal(['the-code']);
    expect(events).to.deep.equal(['signin', 'change']);
  });
});
