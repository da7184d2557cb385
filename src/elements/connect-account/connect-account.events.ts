import type { CurrentUser } from '../../api/schemas/auth.js';
import { opsEvent } from '../../shared/events.js';

/**
 * Never carries the access token: the host page learns that the account is connected and who
 * signed in.
 */
export interface AccountConnectedDetail {
  connected: true;
  /**
   * The signed-in user as `GET /current_user` answered with the new token: `login` and `email`
   * (text or null), `company` (with its `name`, or null) and every other member the answer has,
   * secret fields removed.
   */
  user: CurrentUser;
}

export interface AccountDisconnectedDetail {
  connected: false;
}

export class AccountConnectedEvent extends opsEvent<AccountConnectedDetail>('account-connected') {}

export class AccountDisconnectedEvent extends opsEvent<AccountDisconnectedDetail>('account-disconnected') {}

declare global {
  interface HTMLElementEventMap {
    'account-connected': AccountConnectedEvent;
    'account-disconnected': AccountDisconnectedEvent;
  }
}
