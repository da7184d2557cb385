import type * as z from 'zod/mini';
import { GENERIC_MESSAGES } from './error-body.js';
import { OpsError } from './errors.js';

/** Where in the body an issue is: `line_items[0].quantity`, or `(the whole body)`. */
function issuePath(path: readonly PropertyKey[]): string {
  let readable = '';
  for (const key of path) {
    readable += typeof key === 'number' ? `[${key}]` : `${readable ? '.' : ''}${String(key)}`;
  }
  return readable || '(the whole body)';
}

/**
 * Validates a response body. A body that does not fit is reported as `invalid_response`, never
 * passed on to crash a template. The message stays the one the elements explain the code with;
 * `cause` tells developers where the body did not fit: the schema issues and one line per issue,
 * `path: problem`.
 *
 * It calls the schema's own `safeParse`, so a bundle that never parses (connect-account) holds
 * no zod at all.
 */
export function parseBody<S extends z.ZodMiniType>(schema: S, body: unknown, status?: number): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const { issues } = result.error;
  throw new OpsError('invalid_response', GENERIC_MESSAGES.invalid_response, {
    cause: {
      issues,
      summary: issues.map((issue) => `${issuePath(issue.path)}: ${issue.message}`).join('\n'),
    },
    ...(status === undefined ? {} : { status }),
  });
}
