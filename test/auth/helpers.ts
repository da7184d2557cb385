/** Helpers for driving real OAuth popups from browser tests. */
import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { OpsError } from '../../src/api/errors.js';
import type { ExchangeCode } from '../../src/auth/index.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/seed-ids.js';
import { createTokenExchangeHandler } from '../../src/server/token-exchange.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import { waitFor } from '../helpers/elements.js';

export interface OpenCall {
  url: string;
  target: string | undefined;
  features: string | undefined;
  popup: Window | null;
}

/** Wraps `window.open` so tests can reach the popups it opens; `restore()` puts it back. */
export function recordWindowOpen(replacement?: (url: string) => Window | null) {
  const original = window.open;
  const calls: OpenCall[] = [];
  window.open = function (url?: string | URL, target?: string, features?: string): Window | null {
    const href = url === undefined ? '' : String(url);
    const popup = replacement ? replacement(href) : original.call(window, href, target, features);
    calls.push({ url: href, target, features, popup });
    return popup;
  };
  return {
    calls,
    restore: () => {
      window.open = original;
    },
    /** The popup of the latest call. */
    get popup(): Window {
      const popup = calls.at(-1)?.popup;
      if (!popup) throw new Error('No popup was opened');
      return popup;
    },
    /** The `state` sent in the latest authorization URL. */
    get state(): string {
      const url = calls.at(-1)?.url;
      if (!url) throw new Error('No popup was opened');
      return new URL(url).searchParams.get('state') ?? '';
    },
  };
}

/**
 * Runs `action` inside a real click: a button is clicked with the mouse through the browser
 * automation, so `window.open` happens in a user gesture exactly as on a host page. The result
 * comes back boxed (`{ value }`), so a returned promise is not awaited here.
 */
export async function inUserClick<T>(action: () => T): Promise<{ value: T }> {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Connect account';
  button.style.cssText = 'position:fixed;left:0;top:0;width:160px;height:40px;z-index:2147483647';
  document.body.append(button);
  let outcome: { value: T } | null = null;
  button.addEventListener('click', () => {
    const value = action();
    // Mark a rejection as handled until the test awaits it.
    if (value instanceof Promise) value.catch(() => undefined);
    outcome = { value };
  });
  try {
    await sendMouse({ type: 'click', position: [80, 20] });
    await sendMouse({ type: 'move', position: [400, 400] });
  } finally {
    button.remove();
  }
  const done = outcome as { value: T } | null;
  if (!done) throw new Error('The click did not reach the button');
  return done;
}

/** Same-origin popup's current path, or '' while it is between documents. */
export function popupPath(popup: Window): string {
  try {
    return popup.location.pathname;
  } catch {
    return '';
  }
}

/** Waits until the popup shows a loaded document whose path ends with `suffix`. */
export async function waitForPopupPage(popup: Window, suffix: string): Promise<Document> {
  await waitFor(
    () => !popup.closed && popupPath(popup).endsWith(suffix) && popup.document.readyState === 'complete',
    `the popup to load …${suffix}`,
  );
  return popup.document;
}

/** Settles a promise into a value or the error it rejected with, for assertions. */
export async function outcomeOf<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  try {
    return { value: await promise };
  } catch (error) {
    return { error };
  }
}

/** Resolves after `ms`, or to 'pending' if `promise` has not settled by then. */
export async function stillPending(promise: Promise<unknown>, ms = 200): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return !settled;
}

/** The page's own fetch, as it was before any test answered a URL in the page. */
const pageFetch = window.fetch;

/** The demo's redirect page, which the sandbox's OAuth app is registered with. */
export const REDIRECT_URI = `${location.origin}/demo/oauth-callback.html`;

/**
 * The host's backend of the tests: `createTokenExchangeHandler` itself, run in the page (the
 * secret stays in it), for the page's user as the host's own session would name them.
 */
export function exchangeHandler(sandbox: TestSandbox): (request: Request) => Promise<Response> {
  return createTokenExchangeHandler({
    apiBaseUrl: sandbox.baseUrl,
    clientId: SANDBOX_CREDENTIALS.clientId,
    clientSecret: SANDBOX_CREDENTIALS.clientSecret,
    redirectUri: REDIRECT_URI,
    authorize: () => 'seller-1',
    fetch: (input, init) => pageFetch(input, init),
  });
}

/**
 * Exchanges a code at the sandbox's token endpoint directly (tests only: the secret is in the
 * page), keeping each token it gets in `tokens`.
 */
export function directExchange(sandbox: TestSandbox, tokens: string[] = []): ExchangeCode {
  return async (code, { redirectUri, codeVerifier }) => {
    const response = await pageFetch(`${sandbox.baseUrl}/oauth/token`, {
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
    });
    const body = (await response.json()) as { access_token: string; error_description?: string };
    if (!response.ok) {
      throw new OpsError('unauthorized', body.error_description ?? 'Code refused', {
        status: response.status,
      });
    }
    tokens.push(body.access_token);
    return body;
  };
}

/** A button of the sandbox's approval page, by its words. */
export function approvalButton(doc: Document, name: string): HTMLButtonElement {
  const found = [...doc.querySelectorAll('button')].find((button) => button.textContent?.trim() === name);
  if (!found) throw new Error(`No "${name}" button on ${doc.location.href}`);
  return found;
}

/** The OpsError an outcome (`outcomeOf`) was rejected with, of `code`. */
export function expectOpsError(outcome: { value: unknown } | { error: unknown }, code: string): OpsError {
  expect(outcome, 'rejected').to.have.property('error');
  const error = (outcome as { error: unknown }).error;
  expect(error).to.be.instanceOf(OpsError);
  expect((error as OpsError).code).to.equal(code);
  return error as OpsError;
}
