import { OpsError } from '../api/errors.js';
import { awaitLinkSignIn, completeRedirect, watchPopup } from './oauth-flow.js';
import type { PopupCore } from './oauth-flow.js';
import { base64url, createPkce } from './pkce.js';
import { readCallbackParams } from './protocol.js';
import type { ExchangeCode, RedirectSignInResult } from './protocol.js';

export type TokenStorage = 'memory' | 'session';

export interface OAuthPopupOptions {
  /** The host serving `/oauth/authorize`, e.g. `https://auth.example.com`. */
  authUrl: string;
  clientId: string;
  /** The registered redirect page; it calls `completeOAuthPopup()` and shares this page's origin. */
  redirectUri: string;
  exchange: ExchangeCode;
  /** Where the token is kept: this page's memory (default) or `sessionStorage` (survives reloads). */
  storage?: TokenStorage;
  /** How long to wait for the user, in milliseconds. Default 10 minutes (the code's lifetime). */
  timeoutMs?: number;
  /** `scope` sent to the authorize page. Default '' (the API defines no scopes). */
  scope?: string;
  /** Popup width and height in CSS pixels. Default 520 × 680. */
  popupSize?: { width: number; height: number };
  /**
   * Watch `popup.closed` to reject with `popup_closed` when the user closes the window. Turn it
   * off when the authorization page sends `Cross-Origin-Opener-Policy: same-origin`, which makes
   * the popup look closed to its opener from the start; `timeout` then ends an abandoned sign-in.
   * Default true.
   */
  detectClose?: boolean;
}

export interface AuthState {
  signedIn: boolean;
  token: string | null;
}

export interface SignInOptions {
  /** Cancels the sign-in (rejects with `aborted` and closes the popup). */
  signal?: AbortSignal;
}

/**
 * Events dispatched by `OAuthPopup`: `signin`, `signout` and `change` (for both), each a
 * `CustomEvent<AuthState>`; `signinerror` (`CustomEvent<OpsError>`) when a sign-in completed
 * from the `popup_blocked` link fails.
 */
export type OAuthPopupEventName = 'signin' | 'signout' | 'change' | 'signinerror';

const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;
const POPUP_NAME = 'commerce-ops-oauth';

/**
 * The English for the code only the popup raises (the flow's own, `popup_closed` and
 * `state_mismatch`, are in oauth-flow.ts); the elements explain it with these words too, so it
 * lives here rather than in the client's table, which every element carries.
 */
const POPUP_BLOCKED = 'The sign-in window was blocked by the browser.';

const CANCELLED = 'Sign-in was cancelled.';

/**
 * OAuth 2.0 authorization-code sign-in in a popup, for public applications.
 *
 * `signIn()` must be called from the user's click: it opens the popup before anything else
 * happens, so pop-up blockers let it through. The redirect page calls `completeOAuthPopup()`;
 * its message is accepted only from the redirect page's origin and with the `state` this object
 * generated. The code is then handed to `exchange` (the host's backend, which keeps the client
 * secret) and `signIn()` resolves with the access token.
 *
 * The object is also a credentials provider: `createClient({ credentials: popup })` sends its
 * token as a bearer token (`getToken()` rejects with `unauthorized` until signed in).
 *
 * Failures are `OpsError`s: `popup_blocked` (with `url` set to the authorization page, so the
 * page can offer it as a link, opened in a new window; a sign-in finished there still arrives
 * through the `signin` event; or fall back to `signInWithRedirect()`), `popup_closed`,
 * `state_mismatch`, `timeout`, `aborted`, `unauthorized` (the user declined: `access_denied`,
 * or the authorization server reported another OAuth error; the OAuth error code is in
 * `cause.oauthError`), `invalid_response` (the exchange gave no token), and whatever error
 * the exchange rejected with (non-`OpsError`s are wrapped as `unknown`).
 *
 * Events: `signin`, `signout` and `change`, each a `CustomEvent<AuthState>`; or `subscribe()`.
 */
export class OAuthPopup extends EventTarget {
  readonly authUrl: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scope: string;
  readonly timeoutMs: number;
  readonly storage: TokenStorage;

  #popupSize: { width: number; height: number };
  #token: string | null = null;
  #pending: { promise: Promise<string>; popup: Window; cancel: (error: OpsError) => void } | null = null;
  #listeners = new Set<(state: AuthState) => void>();
  readonly #core: PopupCore;

  constructor(options: OAuthPopupOptions) {
    super();
    if (
      !options.authUrl ||
      !options.clientId ||
      !options.redirectUri ||
      typeof options.exchange !== 'function'
    ) {
      throw new TypeError('OAuthPopup needs authUrl, clientId, redirectUri and exchange');
    }
    this.authUrl = options.authUrl.replace(/\/+$/, '');
    this.clientId = options.clientId;
    this.redirectUri = new URL(options.redirectUri, globalThis.location?.href).href;
    this.scope = options.scope ?? '';
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.storage = options.storage ?? 'memory';
    this.#popupSize = options.popupSize ?? { width: 520, height: 680 };
    this.#core = {
      events: this,
      redirectUri: this.redirectUri,
      timeoutMs: this.timeoutMs,
      exchange: options.exchange,
      redirectOrigin: new URL(this.redirectUri).origin,
      detectClose: options.detectClose ?? true,
      setToken: (token) => this.#setToken(token),
      link: null,
    };
    if (this.storage === 'session') this.#token = readSession(this.#tokenKey);
  }

  /** The access token, or null when signed out. */
  get token(): string | null {
    return this.#token;
  }

  get isSignedIn(): boolean {
    return this.#token !== null;
  }

  /** Whether a popup sign-in is waiting for the user. */
  get isSigningIn(): boolean {
    return this.#pending !== null;
  }

  /**
   * The bearer token for `createClient({ credentials: popup })`. Rejects with an `unauthorized`
   * `OpsError` when not signed in. (An arrow function, so it may be passed around detached.)
   */
  getToken = (): Promise<string> => {
    if (this.#token !== null) return Promise.resolve(this.#token);
    return Promise.reject(new OpsError('unauthorized', 'Not signed in. Connect your account to continue.'));
  };

  /** The authorization page URL for a given `state`, with the PKCE S256 `codeChallenge` when given. */
  authorizeUrl(state: string, codeChallenge?: string): string {
    const params = new URLSearchParams({
      client_id: this.clientId,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: this.scope,
      state,
    });
    if (codeChallenge) {
      params.set('code_challenge', codeChallenge);
      params.set('code_challenge_method', 'S256');
    }
    return `${this.authUrl}/oauth/authorize?${params.toString()}`;
  }

  /**
   * Opens the authorization popup and resolves with the access token. Call it directly inside
   * a click handler (no `await` before it): the popup is opened synchronously.
   * A second call while the popup is open focuses it and returns the same promise.
   */
  signIn(options: SignInOptions = {}): Promise<string> {
    const pending = this.#pending;
    if (pending && !isClosed(pending.popup)) {
      pending.popup.focus();
      return pending.promise;
    }
    pending?.cancel(new OpsError('aborted', 'A new sign-in replaced this one.'));
    this.#stopLinkSignIn();

    const state = randomState();
    const { verifier, challenge } = createPkce();
    const url = this.authorizeUrl(state, challenge);
    // A window of its own per sign-in: two sign-ins at once (two objects, two tabs' worth of
    // buttons) would otherwise share one window, and the first would hear the second's answer.
    const popup = window.open(url, `${POPUP_NAME}-${state.slice(0, 16)}`, this.#popupFeatures());
    if (!popup) {
      awaitLinkSignIn(this.#core, state, verifier);
      return Promise.reject(new OpsError('popup_blocked', POPUP_BLOCKED, { url }));
    }
    if (options.signal?.aborted) {
      popup.close();
      return Promise.reject(new OpsError('aborted', CANCELLED));
    }

    const cancelled = new AbortController();
    const promise: Promise<string> = watchPopup(this.#core, {
      popup,
      state,
      verifier,
      cancelled: cancelled.signal,
      signal: options.signal,
    }).finally(() => {
      if (this.#pending?.promise === promise) this.#pending = null;
    });
    this.#pending = {
      promise,
      popup,
      cancel: (error) => {
        // At once: the popup closes and the sign-in is over.
        if (this.#pending?.promise === promise) this.#pending = null;
        if (!isClosed(popup)) popup.close();
        cancelled.abort(error);
      },
    };
    return promise;
  }

  /** Cancels a popup sign-in in progress (it rejects with `aborted`). */
  cancelSignIn(): void {
    this.#pending?.cancel(new OpsError('aborted', CANCELLED));
    this.#stopLinkSignIn();
  }

  /**
   * Full-page fallback when popups are not an option: remembers a fresh `state` in
   * `sessionStorage` and navigates to the authorization page. The page at `redirectUri` then
   * calls `completeRedirectSignIn()` on an `OAuthPopup` built with the same options (use
   * `storage: 'session'` when that page is not the one that uses the token). `navigate`
   * replaces the default `location.assign`; the authorization URL is also returned.
   */
  signInWithRedirect(options: { returnTo?: string; navigate?: (url: string) => void } = {}): string {
    const state = randomState();
    const pkce = createPkce();
    const pending = {
      state,
      returnTo: options.returnTo ?? window.location.href,
      createdAt: Date.now(),
      codeVerifier: pkce.verifier,
    };
    try {
      window.sessionStorage.setItem(this.#redirectKey, JSON.stringify(pending));
    } catch (error) {
      throw new OpsError('unknown', 'Sign-in needs session storage, which this browser refused.', {
        cause: error,
      });
    }
    const url = this.authorizeUrl(state, pkce.challenge);
    (options.navigate ?? ((target: string) => window.location.assign(target)))(url);
    return url;
  }

  /**
   * Finishes `signInWithRedirect()` on the redirect page: checks `state`, exchanges the code and
   * keeps the token. Resolves with the token and the page to return to, or null when no
   * redirect sign-in is in progress (no stored state or no OAuth parameters in the URL).
   * Removes `code` and `state` from the address bar.
   */
  async completeRedirectSignIn(options: { url?: string } = {}): Promise<RedirectSignInResult | null> {
    const href = options.url ?? window.location.href;
    const params = readCallbackParams(href);
    if (params.code === null && params.error === null) return null;
    const stored = readSession(this.#redirectKey);
    removeSession(this.#redirectKey);
    if (stored === null) return null;
    return completeRedirect(this.#core, href, params, stored, options.url === undefined);
  }

  /** Forgets the token (memory and session storage) and tells listeners. */
  signOut(): void {
    this.cancelSignIn();
    if (this.storage === 'session') removeSession(this.#tokenKey);
    if (this.#token === null) return;
    this.#token = null;
    this.#emit('signout');
  }

  /** Calls `listener` with the current state now and on every sign-in and sign-out; returns an unsubscribe function. */
  subscribe(listener: (state: AuthState) => void): () => void {
    this.#listeners.add(listener);
    listener(this.#state());
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #stopLinkSignIn(): void {
    this.#core.link?.();
  }

  #setToken(token: string): void {
    this.#token = token;
    if (this.storage === 'session') writeSession(this.#tokenKey, token);
    this.#emit('signin');
  }

  #state(): AuthState {
    return { signedIn: this.#token !== null, token: this.#token };
  }

  #emit(type: 'signin' | 'signout'): void {
    const state = this.#state();
    for (const listener of [...this.#listeners]) {
      try {
        listener(state);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
    this.dispatchEvent(new CustomEvent<AuthState>(type, { detail: state }));
    this.dispatchEvent(new CustomEvent<AuthState>('change', { detail: state }));
  }

  #popupFeatures(): string {
    const { width, height } = this.#popupSize;
    const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
    const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
    return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
  }

  get #tokenKey(): string {
    return `commerce-ops-oauth:token:${this.clientId}`;
  }

  get #redirectKey(): string {
    return `commerce-ops-oauth:redirect:${this.clientId}`;
  }
}

/** 32 random bytes, base64url. */
function randomState(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

function isClosed(popup: Window): boolean {
  try {
    return popup.closed;
  } catch {
    return false;
  }
}

function readSession(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string): void {
  try {
    globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // storage full or refused: the token stays in memory
  }
}

function removeSession(key: string): void {
  try {
    globalThis.sessionStorage?.removeItem(key);
  } catch {
    // nothing stored
  }
}
