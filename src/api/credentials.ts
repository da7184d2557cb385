import { OpsError } from './errors.js';
import { isOpsError } from './errors.js';

/**
 * How requests prove who they are: a private API key, a bearer token from `getToken()` (may be
 * async, e.g. an OAuth popup), or nothing, when a proxy in front of the API adds the credential.
 */
export type Credentials = { apiKey: string } | { getToken: () => string | Promise<string> };

export function usesBearerToken(
  credentials: Credentials | undefined,
): credentials is { getToken: () => string | Promise<string> } {
  return credentials !== undefined && 'getToken' in credentials;
}

/**
 * The headers that carry the credential. `getToken()` is asked on every request so that a host
 * can rotate tokens; its failure is reported without its details, which might hold a secret.
 */
export async function credentialHeaders(
  credentials: Credentials | undefined,
): Promise<Record<string, string>> {
  if (!credentials) return {};
  if ('apiKey' in credentials) return { 'x-api-key': credentials.apiKey };
  let token: string;
  try {
    token = await credentials.getToken();
  } catch (error) {
    if (isOpsError(error)) throw error;
    throw new OpsError('unauthorized', 'No access token could be obtained. Sign in again.', { cause: error });
  }
  return { Authorization: `Bearer ${token}` };
}
