/**
 * Text shared by every element: loading and error states, error explanations per code. Each
 * element keeps its own strings beside it in `<tag>.messages.ts`, built the same way.
 */
import type { OpsErrorCode } from '../api/errors.js';
import { humanizeCode } from './format.js';
import { defineMessages } from './locale.js';

const errorTitlesEn: Record<OpsErrorCode, string> = {
  network: 'The service could not be reached. Check the connection and try again.',
  timeout: 'The service took too long to answer. Try again.',
  aborted: 'The request was cancelled.',
  unauthorized:
    'The API key or sign-in was refused. The key may have been regenerated, or the account may need payment.',
  forbidden: 'This account is not allowed to do that.',
  not_found: 'Not found. It may have been deleted.',
  validation: 'The service did not accept the request.',
  rate_limited: 'Too many requests right now. Wait a moment and try again.',
  server: 'The service had a problem. Try again in a moment.',
  invalid_response: 'The service sent an answer that could not be read.',
  quote_expired: 'The quote has expired. Get new rates.',
  booking_failed: 'The label could not be bought.',
  conflict: 'Someone changed this at the same time. Reload and try again.',
  popup_blocked: 'The sign-in window was blocked by the browser.',
  popup_closed: 'The sign-in window was closed before signing in finished.',
  state_mismatch: 'The sign-in answer did not match this page and was ignored.',
  unknown: 'Something went wrong.',
};

const errorTitlesDe: Record<OpsErrorCode, string> = {
  network: 'Der Dienst ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
  timeout: 'Der Dienst hat zu lange nicht geantwortet. Versuchen Sie es erneut.',
  aborted: 'Die Anfrage wurde abgebrochen.',
  unauthorized:
    'API-Schlüssel oder Anmeldung wurden abgelehnt. Der Schlüssel wurde vielleicht neu erzeugt, oder das Konto muss bezahlt werden.',
  forbidden: 'Dieses Konto darf das nicht.',
  not_found: 'Nicht gefunden. Es wurde vielleicht gelöscht.',
  validation: 'Der Dienst hat die Anfrage nicht angenommen.',
  rate_limited: 'Gerade zu viele Anfragen. Warten Sie kurz und versuchen Sie es erneut.',
  server: 'Beim Dienst ist ein Fehler aufgetreten. Versuchen Sie es gleich noch einmal.',
  invalid_response: 'Die Antwort des Dienstes war nicht lesbar.',
  quote_expired: 'Das Angebot ist abgelaufen. Holen Sie neue Tarife ein.',
  booking_failed: 'Das Versandetikett konnte nicht gekauft werden.',
  conflict: 'Jemand hat das gleichzeitig geändert. Laden Sie neu und versuchen Sie es erneut.',
  popup_blocked: 'Das Anmeldefenster wurde vom Browser blockiert.',
  popup_closed: 'Das Anmeldefenster wurde geschlossen, bevor die Anmeldung fertig war.',
  state_mismatch: 'Die Antwort der Anmeldung passte nicht zu dieser Seite und wurde ignoriert.',
  unknown: 'Etwas ist schiefgelaufen.',
};

/** Order and shipment states the service is known to report; others are shown in words. */
const statusesEn: Record<string, string> = {
  awaiting_allocation: 'Awaiting allocation',
  awaiting_stock: 'Awaiting stock',
  awaiting_payment: 'Awaiting payment',
  partially_allocated: 'Partly allocated',
  allocated: 'Allocated',
  ready_to_ship: 'Ready to ship',
  awaiting_dispatch: 'Awaiting dispatch',
  dispatched: 'Dispatched',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  on_hold: 'On hold',
};

const statusesDe: Record<string, string> = {
  awaiting_allocation: 'Wartet auf Zuweisung',
  awaiting_stock: 'Wartet auf Bestand',
  awaiting_payment: 'Wartet auf Zahlung',
  partially_allocated: 'Teilweise zugewiesen',
  allocated: 'Zugewiesen',
  ready_to_ship: 'Versandbereit',
  awaiting_dispatch: 'Wartet auf Versand',
  dispatched: 'Versandt',
  shipped: 'Versandt',
  delivered: 'Zugestellt',
  completed: 'Abgeschlossen',
  cancelled: 'Storniert',
  on_hold: 'Angehalten',
};

export const commonMessages = defineMessages({
  en: {
    loading: 'Loading…',
    saving: 'Saving…',
    retry: 'Retry',
    cancel: 'Cancel',
    errorTitle: (code: OpsErrorCode) => errorTitlesEn[code],
    status: (code: string) =>
      (Object.hasOwn(statusesEn, code) ? statusesEn[code] : undefined) ?? humanizeCode(code),
  },
  de: {
    loading: 'Wird geladen …',
    saving: 'Wird gespeichert …',
    retry: 'Erneut versuchen',
    cancel: 'Abbrechen',
    errorTitle: (code: OpsErrorCode) => errorTitlesDe[code],
    status: (code: string) =>
      (Object.hasOwn(statusesDe, code) ? statusesDe[code] : undefined) ?? humanizeCode(code),
  },
});
