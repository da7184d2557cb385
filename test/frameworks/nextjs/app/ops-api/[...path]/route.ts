import { createApiProxy } from 'commerce-ops-elements/server';
import { createSandbox, SANDBOX_CREDENTIALS } from 'commerce-ops-elements/sandbox';

// The API as production pages reach it: the package's proxy at /ops-api, adding the API key, here
// in front of the package's sandbox, which lives as long as the server.
const sandbox = createSandbox();
const proxy = createApiProxy({
  upstream: 'http://sandbox.internal',
  // The host's own session check goes here: this admin has one seller, signed in.
  authorize: () => 'seller-1',
  apiKey: SANDBOX_CREDENTIALS.apiKey,
  allowedOrigins: (origin) => new URL(origin).hostname === '127.0.0.1',
  basePath: '/ops-api',
  fetch: (input, init) => sandbox.fetch(new Request(input, init)),
});

export const GET = proxy;
export const POST = proxy;
export const PUT = proxy;
export const PATCH = proxy;
export const DELETE = proxy;
