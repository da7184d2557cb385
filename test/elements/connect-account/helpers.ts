/**
 * What the connect-account tests share: the demo's redirect page, the exchange URL answered inside
 * the test page by the real token-exchange handler, and the user's clicks.
 */
import { sendMouse } from '@web/test-runner-commands';
import { exchangeHandler, REDIRECT_URI } from '../../auth/helpers.js';
import { $ } from '../../helpers/elements.js';
import type { TestSandbox } from '../../helpers/sandbox.js';

export { REDIRECT_URI };
export const REDIRECT_PATH = new URL(REDIRECT_URI).pathname;
export const EXCHANGE_PATH = '/backend/oauth/exchange';
/** The sandbox's account owner and company, as `GET /current_user` names them. */
export const SANDBOX_WHO = 'Connected as Alex Morgan at Sandbox Goods Ltd';
/** The page's own fetch, before `serveExchange` answers the exchange URL. */
export const originalFetch = window.fetch;

export function part<T extends HTMLElement = HTMLElement>(el: HTMLElement, name: string): T | null {
  return $<T>(el, `[part~="${name}"]`);
}

/** Clicks a part of the element with the real mouse, as a user would. */
export async function click(el: HTMLElement, name: string): Promise<void> {
  const target = part(el, name);
  if (!target) throw new Error(`No [part="${name}"] to click`);
  target.scrollIntoView({ block: 'center' });
  const rect = target.getBoundingClientRect();
  await sendMouse({
    type: 'click',
    position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)],
  });
  await sendMouse({ type: 'move', position: [5, 5] });
}

/**
 * Answers the element's `exchange-url` with the real token-exchange handler (the secret stays in
 * the handler, as on a host's backend): each exchange, and the tokens it handed out, are kept.
 * The test's `afterEach` puts `originalFetch` back.
 */
export function serveExchange(sandbox: TestSandbox): { exchanges: string[]; tokens: string[] } {
  const handler = exchangeHandler(sandbox);
  const exchanges: string[] = [];
  const tokens: string[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.pathname !== EXCHANGE_PATH) return originalFetch(input, init);
    exchanges.push(url.pathname);
    const response = await handler(new Request(url, init));
    const body = (await response.clone().json()) as { access_token?: string };
    if (body.access_token) tokens.push(body.access_token);
    return response;
  };
  return { exchanges, tokens };
}
