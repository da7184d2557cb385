/**
 * Chunk of the loader (`dist/chunks/client.js`): what `CommerceOps.configure()` and
 * `createClient()` need, an `OpsClient` with every endpoint, loaded only when a page calls them,
 * and `registerTranslation` and `clearStoredLabels` for what `CommerceOps.load()` resolves with.
 */
export { configure, createClient } from '../api/client.js';
export { OpsError } from '../api/errors.js';
export { registerTranslation } from '../shared/translations.js';
export { clearStoredLabels } from '../shipping/label-storage.js';
