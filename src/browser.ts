/**
 * Entry of the single-file browser build, `dist/commerce-ops-elements.js`: a classic script that
 * registers every element and publishes the client, OAuth and translation helpers as
 * `window.CommerceOps`.
 *
 * A `data-base-url` on the script tag configures the default client, so a page with no script
 * of its own can reach the API through a proxy:
 *
 *     <script src="commerce-ops-elements.js" data-base-url="/ops-api"></script>
 *     <order-card order-id="13359601"></order-card>
 */
import { configure, createClient, OpsError } from './api/index.js';
import { completeOAuthPopup, OAuthPopup } from './auth/index.js';
import { registerTranslation } from './shared/translations.js';
import { clearStoredLabels } from './shipping/label-storage.js';
import { version } from './version.js';
import './all.js';

export interface CommerceOpsGlobal {
  configure: typeof configure;
  createClient: typeof createClient;
  OAuthPopup: typeof OAuthPopup;
  completeOAuthPopup: typeof completeOAuthPopup;
  OpsError: typeof OpsError;
  /** Registers a translation for a language; elements under that `lang` render in it at once. */
  registerTranslation: typeof registerTranslation;
  /** Deletes every label the elements kept in this browser (docs/label-storage.md): call it at sign-out. */
  clearStoredLabels: typeof clearStoredLabels;
  version: string;
}

declare global {
  interface Window {
    CommerceOps?: CommerceOpsGlobal;
  }
}

/**
 * The `data-base-url` of the script tag running this build, resolved against the page like any
 * URL in HTML; `''` means the page's own origin. `currentScript` is only set while the script
 * first runs, so this is read at once.
 */
function scriptBaseUrl(): string | undefined {
  const script = document.currentScript;
  const value = script instanceof HTMLScriptElement ? script.dataset['baseUrl'] : undefined;
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? '' : new URL(trimmed, document.baseURI).href;
}

// A second copy on the page (its elements were registered by the first) leaves the first's
// global in place: that is the one whose default client the elements on the page use.
const commerceOps = (window.CommerceOps ??= {
  configure,
  createClient,
  OAuthPopup,
  completeOAuthPopup,
  OpsError,
  registerTranslation,
  clearStoredLabels,
  version,
});

const baseUrl = scriptBaseUrl();
if (baseUrl !== undefined) commerceOps.configure({ baseUrl });
