/**
 * The signed-in user, as `GET /current_user` answers it, read by hand from the raw answer with
 * the leniency of `CurrentUserSchema` (a member that is missing, null or of another kind is left
 * out): connect-account then carries no schema code and no zod.
 */
import { GENERIC_MESSAGES, isRecord } from '../../api/error-body.js';
import { OpsError } from '../../api/errors.js';
import type { CurrentUser } from '../../api/schemas/auth.js';
import type { ConnectAccountMessages } from './connect-account.messages.js';

/** Text as the schemas' `optText` reads it: a number becomes its digits, anything else null. */
function textIn(value: unknown): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

/**
 * The user of an answer: every member as it arrived (the transport has removed the secret
 * ones), with `login` and `email` as text or null and `company` an object with its `name` as
 * text or null, or null. Throws `invalid_response` when the answer is not an object.
 */
export function currentUserFrom(body: unknown, status?: number): CurrentUser {
  if (!isRecord(body)) {
    throw new OpsError('invalid_response', GENERIC_MESSAGES.invalid_response, {
      ...(status === undefined ? {} : { status }),
    });
  }
  const company = body['company'];
  return {
    ...body,
    login: textIn(body['login']),
    email: textIn(body['email']),
    company: isRecord(company) ? { ...company, name: textIn(company['name']) } : null,
  };
}

/** Who the user is to a person: the `login`, else the `email`; '' when neither has text. */
export function whoIs(user: CurrentUser): string {
  return user.login?.trim() || user.email?.trim() || '';
}

/** The name of the user's company; '' when the answer has none. */
export function companyOf(user: CurrentUser): string {
  return user.company?.name?.trim() || '';
}

/**
 * What the status says once the user is read: "Connected as <who> at <company>", without the
 * part the answer has no text for, down to "Connected".
 */
export function connectedSentence(user: CurrentUser, text: ConnectAccountMessages): string {
  const who = whoIs(user);
  const company = companyOf(user);
  if (who) return company ? text.connectedAsAt(who, company) : text.connectedAs(who);
  return company ? text.connectedAt(company) : text.connected;
}
