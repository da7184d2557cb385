import { defineMessages } from '../../shared/locale.js';

export const connectAccountMessages = defineMessages({
  en: {
    accountConnection: 'Account connection',
    connect: 'Connect account',
    waiting: 'Waiting for approval in the sign-in window…',
    cancel: 'Cancel',
    connected: 'Connected',
    disconnect: 'Disconnect',
    notConnected: 'The account was not connected.',
    declined: 'Access was not granted in the sign-in window.',
    openSignInPage: 'Open the sign-in page',
    blockedHint: 'Approve access in the new tab; this page then connects by itself.',
    notConfigured: 'Sign-in is not set up on this page.',
  },
  de: {
    accountConnection: 'Kontoverbindung',
    connect: 'Konto verbinden',
    waiting: 'Warten auf die Freigabe im Anmeldefenster …',
    cancel: 'Abbrechen',
    connected: 'Verbunden',
    disconnect: 'Trennen',
    notConnected: 'Das Konto wurde nicht verbunden.',
    declined: 'Der Zugriff wurde im Anmeldefenster nicht erlaubt.',
    openSignInPage: 'Anmeldeseite öffnen',
    blockedHint: 'Erlauben Sie den Zugriff im neuen Tab; diese Seite verbindet sich dann von selbst.',
    notConfigured: 'Die Anmeldung ist auf dieser Seite nicht eingerichtet.',
  },
});
