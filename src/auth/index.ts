/** OAuth sign-in for public applications: the popup flow, its redirect page helper, and a backend exchange helper. */
export {
  OAuthPopup,
  type AuthState,
  type ExchangeCode,
  type OAuthPopupEventName,
  type OAuthPopupOptions,
  type RedirectSignInResult,
  type SignInOptions,
  type TokenResponse,
  type TokenStorage,
} from './oauth-popup.js';
export {
  completeOAuthPopup,
  type CompleteOAuthPopupOptions,
  type CompleteOAuthPopupResult,
} from './callback.js';
export { exchangeViaBackend, type ExchangeViaBackendOptions } from './exchange.js';
export { OAUTH_CHANNEL_NAME, OAUTH_MESSAGE_TYPE, type OAuthCallbackMessage } from './protocol.js';
