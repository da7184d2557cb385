import type { CallOptions, ClientCore } from '../core.js';
import { isOpsError } from '../errors.js';
import { SessionSchema } from '../schemas/session.js';
import type { Session } from '../schemas/session.js';
import { bodyOf } from './common.js';

/**
 * `GET <baseUrl>/session`: what the signed-in caller may do (`allow`), their spend limits and
 * what they spent today, as the API proxy answers it. Null when there is no such endpoint (404:
 * the client talks to the API itself, or to a proxy without roles), so every operation is open.
 */
export async function getSession(client: ClientCore, options: CallOptions = {}): Promise<Session | null> {
  try {
    return await bodyOf(client, SessionSchema, { method: 'GET', path: '/session', signal: options.signal });
  } catch (error) {
    if (isOpsError(error) && error.status === 404) return null;
    throw error;
  }
}
