import { ConnectAccount } from './elements/connect-account/connect-account.js';
import { defineElement } from './shared/define.js';

defineElement('connect-account', ConnectAccount);

declare global {
  interface HTMLElementTagNameMap {
    'connect-account': ConnectAccount;
  }
}

export { ConnectAccount };
