/**
 * The part of an OAuth sign-in that runs once the authorization page is open: waiting for the
 * redirect page's answer, the code exchange, the sign-in finished from the `popup_blocked` link,
 * and finishing a full-page redirect sign-in. `OAuthPopup` opens the popup itself inside the
 * user's click (the state and the PKCE pair are made there too, synchronously) and hands the rest
 * to these functions.
 */
import { OpsError, isOpsError } from '../api/errors.js';
import { OAUTH_CHANNEL_NAME, OAUTH_MESSAGE_TYPE, withoutCallbackParams } from './protocol.js';
import type { ExchangeCode, OAuthCallbackMessage, RedirectSignInResult } from './protocol.js';

/** An `OAuthPopup`'s options and the private state it shares with its flow. */
export interface PopupCore {
  /** The `OAuthPopup`, which dispatches `signinerror`. */
  readonly events: EventTarget;
  readonly redirectUri: string;
  readonly timeoutMs: number;
  readonly exchange: ExchangeCode;
  readonly redirectOrigin: string;
  readonly detectClose: boolean;
  setToken(token: string): void;
  /** Stops listening for a sign-in finished from the `popup_blocked` link, while one is awaited. */
  link: (() => void) | null;
}

/** One popup sign-in: the window, the `state` and PKCE verifier it was opened with, how it ends early. */
export interface PopupSignIn {
  popup: Window;
  state: string;
  verifier: string;
  /** Aborted (with the `OpsError` as reason) by `cancelSignIn()`, `signOut()` or a new sign-in. */
  cancelled: AbortSignal;
  /** The caller's `signal`. */
  signal: AbortSignal | undefined;
}

const POLL_MS = 400;
const CLOSE_GRACE_MS = 800;
const CANCELLED = 'Sign-in was cancelled.';
const TOO_LONG = 'Sign-in took too long. Try again.';
const NO_CODE = 'The sign-in page returned no authorization code.';
const STATE_MISMATCH = 'The sign-in answer did not match this page and was ignored.';
const POPUP_CLOSED = 'The sign-in window was closed before signing in finished.';

function isClosed(popup: Window): boolean {
  try {
    return popup.closed;
  } catch {
    return false;
  }
}

function isCallbackMessage(value: unknown): value is OAuthCallbackMessage {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record['type'] === OAUTH_MESSAGE_TYPE &&
    ['code', 'state', 'error', 'error_description'].every(
      (key) => record[key] === null || record[key] === undefined || typeof record[key] === 'string',
    )
  );
}

function oauthError(error: string, description: string | null): OpsError {
  const message =
    error === 'access_denied'
      ? 'Access was not granted: the sign-in was declined.'
      : `Sign-in failed (${error.slice(0, 64)}).`;
  return new OpsError('unauthorized', message, { cause: { oauthError: error, description } });
}

/**
 * Listens for the redirect page's answer: `postMessage` from the redirect page's origin (from
 * `popup` when there is one) and the BroadcastChannel. `strict` is false for channel messages
 * and when no popup is known: every same-origin tab hears those, so another sign-in's answer
 * is not ours to fail. Returns the function that stops listening.
 */
function listenForCallback(
  core: PopupCore,
  popup: Window | null,
  accept: (message: OAuthCallbackMessage, strict: boolean) => void,
): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== core.redirectOrigin) return;
    if (popup && event.source !== null && event.source !== popup) return;
    if (!isCallbackMessage(event.data)) return;
    accept(event.data, popup !== null);
  };
  window.addEventListener('message', onMessage);
  let channel: BroadcastChannel | null = null;
  if (typeof BroadcastChannel === 'function' && core.redirectOrigin === window.location.origin) {
    channel = new BroadcastChannel(OAUTH_CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent) => {
      if (isCallbackMessage(event.data)) accept(event.data, false);
    };
  }
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.close();
  };
}

/** Trades `code` for a token through the host's backend and keeps it. */
async function runExchange(
  core: PopupCore,
  code: string,
  codeVerifier: string,
  signal: AbortSignal,
): Promise<string> {
  let result: unknown;
  try {
    result = await core.exchange(code, { redirectUri: core.redirectUri, codeVerifier, signal });
  } catch (error) {
    if (isOpsError(error)) throw error;
    throw new OpsError('unknown', 'The authorization code could not be exchanged for a token.', {
      cause: error,
    });
  }
  if (signal.aborted) throw new OpsError('aborted', CANCELLED);
  const token =
    typeof result === 'object' && result !== null
      ? (result as Record<string, unknown>)['access_token']
      : null;
  if (typeof token !== 'string' || token.length === 0) {
    throw new OpsError('invalid_response', 'The token exchange returned no access token.');
  }
  core.setToken(token);
  return token;
}

/**
 * Waits for the answer to a popup sign-in and exchanges its code: resolves with the access token,
 * or rejects with the `OpsError` that ended it (closing the popup unless the user did).
 */
export function watchPopup(core: PopupCore, signIn: PopupSignIn): Promise<string> {
  const { popup, state, verifier, cancelled, signal } = signIn;
  return new Promise<string>((resolve, reject) => {
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
      if ('token' in outcome) resolve(outcome.token);
      else reject(outcome.error);
    };
    const cancel = (error: OpsError) => {
      exchangeAbort.abort(error);
      finish({ error }, true);
    };
    // Cancelled, or the caller's signal aborted, before the sign-in was watched.
    if (cancelled.aborted) return cancel(cancelled.reason as OpsError);
    if (signal?.aborted) return cancel(new OpsError('aborted', CANCELLED, { cause: signal.reason }));
    const onCancel = () => cancel(cancelled.reason as OpsError);
    cancelled.addEventListener('abort', onCancel, { once: true });
    cleanups.push(() => cancelled.removeEventListener('abort', onCancel));

    const accept = (message: OAuthCallbackMessage, strict: boolean) => {
      if (settled || codeReceived) return;
      if (message.state !== state) {
        if (!strict) return;
        finish({ error: new OpsError('state_mismatch', STATE_MISMATCH) }, true);
        return;
      }
      if (message.error !== null) {
        finish({ error: oauthError(message.error, message.error_description ?? null) }, true);
        return;
      }
      if (!message.code) {
        finish({ error: new OpsError('invalid_response', NO_CODE) }, true);
        return;
      }
      codeReceived = true;
      for (const cleanup of waiting.splice(0)) cleanup();
      runExchange(core, message.code, verifier, exchangeAbort.signal).then(
        (token) => finish({ token }, false),
        (error: OpsError) => finish({ error }, true),
      );
    };

    waiting.push(listenForCallback(core, popup, accept));

    const timeout = setTimeout(
      () => finish({ error: new OpsError('timeout', TOO_LONG) }, true),
      core.timeoutMs,
    );
    waiting.push(() => clearTimeout(timeout));

    if (core.detectClose) {
      let graceTimer: ReturnType<typeof setTimeout> | undefined;
      const poll = setInterval(() => {
        if (!isClosed(popup) || graceTimer !== undefined) return;
        // The redirect page posts, then closes itself: give its message time to arrive.
        graceTimer = setTimeout(
          () => finish({ error: new OpsError('popup_closed', POPUP_CLOSED) }, false),
          CLOSE_GRACE_MS,
        );
      }, POLL_MS);
      waiting.push(() => {
        clearInterval(poll);
        clearTimeout(graceTimer);
      });
    }

    if (signal) {
      const onAbort = () => cancel(new OpsError('aborted', CANCELLED, { cause: signal.reason }));
      signal.addEventListener('abort', onAbort, { once: true });
      cleanups.push(() => signal.removeEventListener('abort', onAbort));
    }
  });
}

/**
 * After `popup_blocked` the page may offer `error.url` as a link. If the user follows it and
 * approves, the redirect page's answer (matching that attempt's `state`) still signs in: the
 * token arrives through `signin`/`subscribe`. A failure is dispatched as `signinerror`
 * (`CustomEvent<OpsError>`). Listening stops after `timeoutMs`, on `cancelSignIn()`,
 * `signOut()` or a new `signIn()`.
 */
export function awaitLinkSignIn(core: PopupCore, state: string, verifier: string): void {
  core.link?.();
  let done = false;
  const stop = () => {
    if (done) return;
    done = true;
    stopListening();
    clearTimeout(timer);
    if (core.link === stop) core.link = null;
  };
  const stopListening = listenForCallback(core, null, (message) => {
    if (message.state !== state) return;
    stop();
    const failed = (error: OpsError) =>
      core.events.dispatchEvent(new CustomEvent<OpsError>('signinerror', { detail: error }));
    if (message.error !== null) failed(oauthError(message.error, message.error_description ?? null));
    else if (!message.code) failed(new OpsError('invalid_response', NO_CODE));
    else runExchange(core, message.code, verifier, new AbortController().signal).catch(failed);
  });
  const timer = setTimeout(stop, core.timeoutMs);
  core.link = stop;
}

interface PendingRedirect {
  state: string;
  returnTo: string;
  createdAt: number;
  codeVerifier: string;
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
      const { state, returnTo, createdAt, codeVerifier } = value;
      return { state, returnTo, createdAt, codeVerifier };
    }
  } catch {
    // fall through
  }
  return null;
}

/**
 * Finishes a redirect sign-in on the redirect page (`OAuthPopup.completeRedirectSignIn`), given
 * the page's URL, the OAuth parameters read from it and what `signInWithRedirect()` stored (already
 * removed from storage). Checks `state`, exchanges the code and keeps the token.
 */
export async function completeRedirect(
  core: PopupCore,
  href: string,
  params: Omit<OAuthCallbackMessage, 'type'>,
  stored: string,
  cleanUrl: boolean,
): Promise<RedirectSignInResult> {
  if (cleanUrl) {
    try {
      window.history.replaceState(window.history.state, '', withoutCallbackParams(href));
    } catch {
      // keep going; the code is single-use anyway
    }
  }
  const pending = parsePendingRedirect(stored);
  if (!pending || params.state !== pending.state) throw new OpsError('state_mismatch', STATE_MISMATCH);
  if (Date.now() - pending.createdAt > core.timeoutMs) throw new OpsError('timeout', TOO_LONG);
  if (params.error !== null) throw oauthError(params.error, params.error_description ?? null);
  if (!params.code) throw new OpsError('invalid_response', NO_CODE);
  const accessToken = await runExchange(
    core,
    params.code,
    pending.codeVerifier,
    new AbortController().signal,
  );
  return { accessToken, returnTo: pending.returnTo };
}
