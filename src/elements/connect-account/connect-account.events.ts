import type { CurrentUser } from '../../api/schemas/auth.js';
import { OpsEvent } from '../../shared/events.js';

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

export class AccountConnectedEvent extends OpsEvent<AccountConnectedDetail> {
  static readonly eventName = 'account-connected';
  constructor(user: CurrentUser) {
    super(AccountConnectedEvent.eventName, { connected: true, user });
  }
}

export class AccountDisconnectedEvent extends OpsEvent<AccountDisconnectedDetail> {
  static readonly eventName = 'account-disconnected';
  constructor() {
    super(AccountDisconnectedEvent.eventName, { connected: false });
  }
}

declare global {
  interface HTMLElementEventMap {
    'account-connected': AccountConnectedEvent;
    'account-disconnected': AccountDisconnectedEvent;
  }
}
