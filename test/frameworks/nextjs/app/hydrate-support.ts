// Imported before any element module: Lit's hydration support must be loaded before Lit itself, so
// that each element takes over the shadow root the server rendered instead of rendering anew. The
// elements' default client is configured here too, before they connect.
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { configure } from 'commerce-ops-elements';

configure({ baseUrl: '/ops-api' });
