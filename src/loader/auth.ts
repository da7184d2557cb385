/** Chunk of the loader (`dist/chunks/auth.js`): the OAuth popup and its redirect-page helper. */
export { OAuthPopup, completeOAuthPopup } from '../auth/index.js';
