import {
  OAUTH_CHANNEL_NAME,
  OAUTH_MESSAGE_TYPE,
  readCallbackParams,
  withoutCallbackParams,
  type OAuthCallbackMessage,
} from './protocol.js';

export interface CompleteOAuthPopupOptions {
  /** Close the popup once the result is posted. Default true. */
  close?: boolean;
  /** Delay before closing, so the messages leave first. Default 100 ms. */
  closeDelayMs?: number;
  /** Remove `code` and `state` from the address bar and history entry. Default true. */
  cleanUrl?: boolean;
  /** The window to work on. Default the current one. */
  window?: Window;
}

export interface CompleteOAuthPopupResult {
  /** What was read from the URL and posted. */
  message: OAuthCallbackMessage;
  /** Where it was posted: the opener, the BroadcastChannel, both, or nowhere (no OAuth parameters). */
  deliveredTo: ('opener' | 'broadcast')[];
}

/**
 * Call on the page registered as the OAuth `redirect_uri`. Reads `code`, `state` and `error`
 * from the URL, posts `{ type: 'commerce-ops-oauth', code, state, error }` to `window.opener`
 * with the page's own origin as the exact target origin, and on a BroadcastChannel named
 * `commerce-ops-oauth` (which still reaches the opener when a Cross-Origin-Opener-Policy
 * severed `window.opener`), then closes the popup.
 *
 * The redirect page must be served from the same origin as the page that calls
 * `OAuthPopup.signIn()`: a message to any other origin is never delivered. The page needs no
 * inline script, so it works under a strict Content-Security-Policy.
 */
export function completeOAuthPopup(options: CompleteOAuthPopupOptions = {}): CompleteOAuthPopupResult {
  const win = options.window ?? window;
  const params = readCallbackParams(win.location.href);
  const message: OAuthCallbackMessage = { type: OAUTH_MESSAGE_TYPE, ...params };
  const deliveredTo: CompleteOAuthPopupResult['deliveredTo'] = [];
  if (params.code === null && params.error === null) return { message, deliveredTo };

  if (options.cleanUrl ?? true) {
    try {
      win.history.replaceState(win.history.state, '', withoutCallbackParams(win.location.href));
    } catch {
      // a sandboxed document may refuse; the result is still delivered
    }
  }

  const targetOrigin = win.location.origin;
  const opener = openerOf(win);
  if (opener) {
    try {
      opener.postMessage(message, targetOrigin);
      deliveredTo.push('opener');
    } catch {
      // the opener navigated elsewhere or is gone; the channel below still reaches it
    }
  }
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(OAUTH_CHANNEL_NAME);
    channel.postMessage(message);
    deliveredTo.push('broadcast');
    setTimeout(() => channel.close(), 1000);
  }

  if ((options.close ?? true) && deliveredTo.length > 0) {
    setTimeout(() => win.close(), options.closeDelayMs ?? 100);
  }
  return { message, deliveredTo };
}

function openerOf(win: Window): Window | null {
  try {
    const opener = win.opener as Window | null;
    return opener && !opener.closed ? opener : null;
  } catch {
    return null;
  }
}
