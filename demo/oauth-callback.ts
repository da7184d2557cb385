/**
 * The OAuth redirect page of the demo. It hands the result to the page that opened the popup
 * (same origin) and closes; no inline script, so it runs under a strict Content-Security-Policy.
 */
import { completeOAuthPopup } from '../src/auth/callback.js';

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
