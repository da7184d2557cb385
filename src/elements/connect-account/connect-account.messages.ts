import { defineMessages } from '../../shared/locale.js';

const en = {
  accountConnection: 'Account connection',
  connect: 'Connect account',
  waiting: 'Waiting for approval in the sign-in window…',
  cancel: 'Cancel',
  connected: 'Connected',
  readingUser: 'Reading who is connected…',
  connectedAs: (who: string) => `Connected as ${who}`,
  connectedAsAt: (who: string, company: string) => `Connected as ${who} at ${company}`,
  connectedAt: (company: string) => `Connected to ${company}`,
  userNotRead: 'The account is connected, but who signed in could not be read.',
  disconnect: 'Disconnect',
  notConnected: 'The account was not connected.',
  declined: 'Access was not granted in the sign-in window.',
  openSignInPage: 'Open the sign-in page',
  blockedHint: 'Approve access in the new tab; this page then connects by itself.',
  notConfigured: 'Sign-in is not set up on this page.',
};

/** English text of <connect-account>; a translation gives these keys with the same parameters. */
export type ConnectAccountMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'connect-account': ConnectAccountMessages;
  }
}

export const connectAccountMessages = defineMessages('connect-account', en);
