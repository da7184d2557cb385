/**
 * Chunk of the loader (`dist/chunks/core.js`): the default client from a script tag's
 * `data-base-url`. A bare `ClientCore` is all the elements call, and its code is shared with
 * their chunks, so a page configured by the attribute alone loads no endpoint it does not use.
 */
import { ClientCore } from '../api/core.js';
import { setDefaultClient } from '../api/default-client.js';

export function configureBaseUrl(baseUrl: string): void {
  setDefaultClient(new ClientCore({ baseUrl }));
}
