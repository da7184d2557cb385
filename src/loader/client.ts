/**
 * Chunk of the loader (`dist/chunks/client.js`): what `CommerceOps.configure()` and
 * `createClient()` need, an `OpsClient` with every endpoint, loaded only when a page calls them.
 */
export { configure, createClient } from '../api/client.js';
export { OpsError } from '../api/errors.js';
