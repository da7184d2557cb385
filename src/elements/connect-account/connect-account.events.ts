import { OpsEvent } from '../../shared/events.js';

/** Never carries the access token: the host page learns only that the account is connected. */
export interface AccountConnectedDetail {
  connected: true;
}

export interface AccountDisconnectedDetail {
  connected: false;
}

export class AccountConnectedEvent extends OpsEvent<AccountConnectedDetail> {
  static readonly eventName = 'account-connected';
  constructor() {
    super(AccountConnectedEvent.eventName, { connected: true });
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
