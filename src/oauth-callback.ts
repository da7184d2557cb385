/**
 * Script of `dist/oauth-callback.html`, the ready OAuth redirect page: it hands the result to the
 * page that opened the sign-in popup (same origin) and closes. Served as its own file so the page
 * carries no inline script and works under a strict Content-Security-Policy.
 */
import { completeOAuthPopup } from './auth/callback.js';

const { message, deliveredTo } = completeOAuthPopup();
const status = document.getElementById('status');
if (status) {
  if (message.code === null && message.error === null) {
    status.textContent = 'Nothing to complete here: this page is opened by the sign-in window.';
  } else if (deliveredTo.length === 0) {
    status.textContent =
      'Sign-in finished, but the page that started it is gone. Close this window and try again.';
  } else if (message.error !== null) {
    status.textContent = 'Sign-in was not completed. You can close this window.';
  } else {
    status.textContent = 'Signed in. You can close this window.';
  }
}
