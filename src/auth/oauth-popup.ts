import { OpsError, isOpsError } from '../api/errors.js';
import { base64url, createPkce, type Pkce } from './pkce.js';
import {
  OAUTH_CHANNEL_NAME,
  isOAuthCallbackMessage,
  readCallbackParams,
  withoutCallbackParams,
  type OAuthCallbackMessage,
} from './protocol.js';

/** What the host's backend returns for a code; only `access_token` is required. */
export interface TokenResponse {
  access_token: string;
  token_type?: string;
  created_at?: number | null;
}

/**
 * Trades an authorization code for a token through the host's backend (which holds the client
 * secret, e.g. `createTokenExchangeHandler` from `commerce-ops-elements/server`). `codeVerifier`
 * is the PKCE verifier of this sign-in: send it on as `code_verifier`, or the token endpoint
 * refuses the code.
 */
export type ExchangeCode = (
  code: string,
  context: { redirectUri: string; codeVerifier: string; signal: AbortSignal },
) => Promise<TokenResponse> | TokenResponse;

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

export interface RedirectSignInResult {
  accessToken: string;
  /** The page `signInWithRedirect()` was called from (or its `returnTo`). */
  returnTo: string;
}

/**
 * Events dispatched by `OAuthPopup`: `signin`, `signout` and `change` (for both), each a
 * `CustomEvent<AuthState>`; `signinerror` (`CustomEvent<OpsError>`) when a sign-in completed
 * from the `popup_blocked` link fails.
 */
export type OAuthPopupEventName = 'signin' | 'signout' | 'change' | 'signinerror';

const POLL_MS = 400;
const CLOSE_GRACE_MS = 800;
const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;
const POPUP_NAME = 'commerce-ops-oauth';

/**
 * The English for the codes only sign-in raises; the elements explain them with these words too,
 * so they live here rather than in the client's table, which every element carries.
 */
const POPUP_MESSAGES = {
  popup_blocked: 'The sign-in window was blocked by the browser.',
  popup_closed: 'The sign-in window was closed before signing in finished.',
  state_mismatch: 'The sign-in answer did not match this page and was ignored.',
} as const;

interface PendingRedirect {
  state: string;
  returnTo: string;
  createdAt: number;
  codeVerifier: string;
}

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

  #exchange: ExchangeCode;
  #redirectOrigin: string;
  #detectClose: boolean;
  #popupSize: { width: number; height: number };
  #token: string | null = null;
  #pending: { promise: Promise<string>; popup: Window; cancel: (error: OpsError) => void } | null = null;
  #listeners = new Set<(state: AuthState) => void>();
  #linkSignIn: (() => void) | null = null;

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
    this.#redirectOrigin = new URL(this.redirectUri).origin;
    this.scope = options.scope ?? '';
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.storage = options.storage ?? 'memory';
    this.#exchange = options.exchange;
    this.#detectClose = options.detectClose ?? true;
    this.#popupSize = options.popupSize ?? { width: 520, height: 680 };
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
    if (this.#pending && !isClosed(this.#pending.popup)) {
      this.#pending.popup.focus();
      return this.#pending.promise;
    }
    this.#pending?.cancel(new OpsError('aborted', 'A new sign-in replaced this one.'));
    this.#stopLinkSignIn();

    const state = randomState();
    const pkce = createPkce();
    const url = this.authorizeUrl(state, pkce.challenge);
    // A window of its own per sign-in: two sign-ins at once (two objects, two tabs' worth of
    // buttons) would otherwise share one window, and the first would hear the second's answer.
    const popup = window.open(url, `${POPUP_NAME}-${state.slice(0, 16)}`, this.#popupFeatures());
    if (!popup) {
      this.#awaitLinkSignIn(state, pkce);
      return Promise.reject(
        new OpsError('popup_blocked', POPUP_MESSAGES.popup_blocked, {
          url,
        }),
      );
    }
    if (options.signal?.aborted) {
      popup.close();
      return Promise.reject(new OpsError('aborted', 'Sign-in was cancelled.'));
    }

    let cancel: (error: OpsError) => void = () => undefined;
    const promise = new Promise<string>((resolve, reject) => {
      // `waiting` ends when the code arrives; `cleanups` when the sign-in settles.
      const waiting: (() => void)[] = [];
      const cleanups: (() => void)[] = [];
      let settled = false;
      let codeReceived = false;
      const exchangeAbort = new AbortController();

      const finish = (outcome: { token: string } | { error: OpsError }, closePopup: boolean) => {
        if (settled) return;
        settled = true;
        for (const cleanup of [...waiting.splice(0), ...cleanups.splice(0)]) cleanup();
        if (closePopup && !isClosed(popup)) popup.close();
        if (this.#pending?.promise === promise) this.#pending = null;
        if ('token' in outcome) resolve(outcome.token);
        else reject(outcome.error);
      };
      cancel = (error) => {
        exchangeAbort.abort(error);
        finish({ error }, true);
      };

      const accept = (message: OAuthCallbackMessage, strict: boolean) => {
        if (settled || codeReceived) return;
        if (message.state !== state) {
          if (!strict) return;
          finish({ error: new OpsError('state_mismatch', POPUP_MESSAGES.state_mismatch) }, true);
          return;
        }
        if (message.error !== null) {
          finish({ error: oauthError(message.error, message.error_description ?? null) }, true);
          return;
        }
        if (!message.code) {
          finish(
            { error: new OpsError('invalid_response', 'The sign-in page returned no authorization code.') },
            true,
          );
          return;
        }
        codeReceived = true;
        for (const cleanup of waiting.splice(0)) cleanup();
        this.#runExchange(message.code, pkce.verifier, exchangeAbort.signal).then(
          (token) => finish({ token }, false),
          (error: OpsError) => finish({ error }, true),
        );
      };

      waiting.push(this.#listenForCallback(popup, accept));

      const timeout = setTimeout(
        () => finish({ error: new OpsError('timeout', 'Sign-in took too long. Try again.') }, true),
        this.timeoutMs,
      );
      waiting.push(() => clearTimeout(timeout));

      if (this.#detectClose) {
        let graceTimer: ReturnType<typeof setTimeout> | undefined;
        const poll = setInterval(() => {
          if (!isClosed(popup) || graceTimer !== undefined) return;
          // The redirect page posts, then closes itself: give its message time to arrive.
          graceTimer = setTimeout(
            () => finish({ error: new OpsError('popup_closed', POPUP_MESSAGES.popup_closed) }, false),
            CLOSE_GRACE_MS,
          );
        }, POLL_MS);
        waiting.push(() => {
          clearInterval(poll);
          clearTimeout(graceTimer);
        });
      }

      if (options.signal) {
        const signal = options.signal;
        const onAbort = () =>
          cancel(new OpsError('aborted', 'Sign-in was cancelled.', { cause: signal.reason }));
        signal.addEventListener('abort', onAbort, { once: true });
        cleanups.push(() => signal.removeEventListener('abort', onAbort));
      }
    });
    this.#pending = { promise, popup, cancel: (error) => cancel(error) };
    return promise;
  }

  /** Cancels a popup sign-in in progress (it rejects with `aborted`). */
  cancelSignIn(): void {
    this.#pending?.cancel(new OpsError('aborted', 'Sign-in was cancelled.'));
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
    const pending: PendingRedirect = {
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
    if (options.url === undefined) {
      try {
        window.history.replaceState(window.history.state, '', withoutCallbackParams(href));
      } catch {
        // keep going; the code is single-use anyway
      }
    }
    const pending = parsePendingRedirect(stored);
    if (!pending || params.state !== pending.state) {
      throw new OpsError('state_mismatch', POPUP_MESSAGES.state_mismatch);
    }
    if (Date.now() - pending.createdAt > this.timeoutMs) {
      throw new OpsError('timeout', 'Sign-in took too long. Try again.');
    }
    if (params.error !== null) throw oauthError(params.error, params.error_description ?? null);
    if (!params.code)
      throw new OpsError('invalid_response', 'The sign-in page returned no authorization code.');
    const accessToken = await this.#runExchange(
      params.code,
      pending.codeVerifier,
      new AbortController().signal,
    );
    return { accessToken, returnTo: pending.returnTo };
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

  /**
   * Listens for the redirect page's answer: `postMessage` from the redirect page's origin (from
   * `popup` when there is one) and the BroadcastChannel. `strict` is false for channel messages
   * and when no popup is known: every same-origin tab hears those, so another sign-in's answer
   * is not ours to fail. Returns the function that stops listening.
   */
  #listenForCallback(
    popup: Window | null,
    accept: (message: OAuthCallbackMessage, strict: boolean) => void,
  ): () => void {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== this.#redirectOrigin) return;
      if (popup && event.source !== null && event.source !== popup) return;
      if (!isOAuthCallbackMessage(event.data)) return;
      accept(event.data, popup !== null);
    };
    window.addEventListener('message', onMessage);
    let channel: BroadcastChannel | null = null;
    if (typeof BroadcastChannel === 'function' && this.#redirectOrigin === window.location.origin) {
      channel = new BroadcastChannel(OAUTH_CHANNEL_NAME);
      channel.onmessage = (event: MessageEvent) => {
        if (isOAuthCallbackMessage(event.data)) accept(event.data, false);
      };
    }
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }

  /**
   * After `popup_blocked` the page may offer `error.url` as a link. If the user follows it and
   * approves, the redirect page's answer (matching that attempt's `state`) still signs in: the
   * token arrives through `signin`/`subscribe`. A failure is dispatched as `signinerror`
   * (`CustomEvent<OpsError>`). Listening stops after `timeoutMs`, on `cancelSignIn()`,
   * `signOut()` or a new `signIn()`.
   */
  #awaitLinkSignIn(state: string, pkce: Pkce): void {
    this.#stopLinkSignIn();
    let done = false;
    const stop = () => {
      if (done) return;
      done = true;
      stopListening();
      clearTimeout(timer);
      if (this.#linkSignIn === stop) this.#linkSignIn = null;
    };
    const stopListening = this.#listenForCallback(null, (message) => {
      if (message.state !== state) return;
      stop();
      const failed = (error: OpsError) =>
        this.dispatchEvent(new CustomEvent<OpsError>('signinerror', { detail: error }));
      if (message.error !== null) failed(oauthError(message.error, message.error_description ?? null));
      else if (!message.code)
        failed(new OpsError('invalid_response', 'The sign-in page returned no authorization code.'));
      else this.#runExchange(message.code, pkce.verifier, new AbortController().signal).catch(failed);
    });
    const timer = setTimeout(stop, this.timeoutMs);
    this.#linkSignIn = stop;
  }

  #stopLinkSignIn(): void {
    this.#linkSignIn?.();
  }

  async #runExchange(code: string, codeVerifier: string, signal: AbortSignal): Promise<string> {
    let result: unknown;
    try {
      result = await this.#exchange(code, { redirectUri: this.redirectUri, codeVerifier, signal });
    } catch (error) {
      if (isOpsError(error)) throw error;
      throw new OpsError('unknown', 'The authorization code could not be exchanged for a token.', {
        cause: error,
      });
    }
    if (signal.aborted) throw new OpsError('aborted', 'Sign-in was cancelled.');
    const token =
      typeof result === 'object' && result !== null
        ? (result as Record<string, unknown>)['access_token']
        : null;
    if (typeof token !== 'string' || token.length === 0) {
      throw new OpsError('invalid_response', 'The token exchange returned no access token.');
    }
    this.#setToken(token);
    return token;
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

function oauthError(error: string, description: string | null): OpsError {
  const message =
    error === 'access_denied'
      ? 'Access was not granted: the sign-in was declined.'
      : `Sign-in failed (${error.slice(0, 64)}).`;
  return new OpsError('unauthorized', message, { cause: { oauthError: error, description } });
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

function parsePendingRedirect(raw: string): PendingRedirect | null {
  try {
    const value = JSON.parse(raw) as Partial<PendingRedirect> | null;
    if (
      value &&
      typeof value.state === 'string' &&
      typeof value.returnTo === 'string' &&
      typeof value.createdAt === 'number' &&
      typeof value.codeVerifier === 'string'
    ) {
      return {
        state: value.state,
        returnTo: value.returnTo,
        createdAt: value.createdAt,
        codeVerifier: value.codeVerifier,
      };
    }
  } catch {
    // fall through
  }
  return null;
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
