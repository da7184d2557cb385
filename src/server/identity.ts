/**
 * Who is calling, from the host's own session: an identity (a user id, a session id…) for a
 * signed-in caller, or null (or `''`) for anyone else, who gets 401 with nothing sent upstream.
 */
export type Authorize = (request: Request) => string | null | undefined | Promise<string | null | undefined>;

/** The identity `authorize` gave, or null when the caller is not signed in. */
export function identityOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
