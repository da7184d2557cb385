/**
 * OAuth sign-in for public applications: the popup flow, its redirect-page helper, and an
 * `exchange` that calls the host's backend (see `createTokenExchangeHandler` in the server entry).
 *
 * ```ts
 * const auth = new OAuthPopup({
 *   authUrl: 'https://auth.example.com',
 *   clientId: 'my-client-id',
 *   redirectUri: `${location.origin}/oauth-callback.html`, // same origin as this page
 *   exchange: exchangeViaBackend('/oauth/exchange'),
 * });
 * button.addEventListener('click', () => {
 *   auth.signIn().catch((error) => {
 *     if (error.code === 'popup_blocked') showLink(error.url); // or auth.signInWithRedirect()
 *   });
 * });
 * configure({ baseUrl: 'https://api.example.com', credentials: auth });
 * ```
 *
 * The redirect page runs `completeOAuthPopup()` from a module script (see `demo/oauth-callback.html`).
 */
export {
  OAuthPopup,
  type AuthState,
  type OAuthPopupEventName,
  type OAuthPopupOptions,
  type SignInOptions,
  type TokenStorage,
} from './oauth-popup.js';
export {
  completeOAuthPopup,
  type CompleteOAuthPopupOptions,
  type CompleteOAuthPopupResult,
} from './callback.js';
export { exchangeViaBackend, type ExchangeViaBackendOptions } from './exchange.js';
export {
  OAUTH_CHANNEL_NAME,
  OAUTH_MESSAGE_TYPE,
  type ExchangeCode,
  type OAuthCallbackMessage,
  type RedirectSignInResult,
  type TokenResponse,
} from './protocol.js';
