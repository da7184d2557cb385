/**
 * A module loaded with `import()` when first needed (allocation-form's stock editor, label-batch's
 * PDF merge), whose load can be tried again after it failed.
 *
 * Browsers that keep a failed fetch in their module map (Chromium before the spec dropped that,
 * as Debian 12's; Firefox, ESR included; older Safari) reject a second `import()` of the same URL
 * at once, without a request. So after a failure the file is imported again at a URL the browser
 * has not seen fail: the URL it named in its error, with `?retry=<n>` added. The first load stays
 * an `import()` of a literal specifier, which every build sees and resolves its own way: the
 * package's modules leave it to the app's bundler, which splits the module off; the loader's
 * chunks import it as a chunk of its own; the single-file build writes the module in (no fetch)
 * or, for a module of scripts/lazy-modules.ts, imports the file beside itself.
 */

import { GENERIC_MESSAGES } from './error-body.js';
import { OpsError, isOpsError } from './errors.js';

/**
 * What a failed load of code is to the user: an `OpsError` with code `load_failed` ("Part of this
 * page could not be loaded"), never an unreachable service, since the API may be fine.
 */
export function loadFailure(cause: unknown): OpsError {
  return isOpsError(cause) ? cause : new OpsError('load_failed', GENERIC_MESSAGES.load_failed, { cause });
}

/**
 * `load` (`() => import('./stock-editor.js')`) once it has succeeded; until then, each call tries
 * again. A retry imports the file the browser named in its error (a `TypeError` with the URL, as
 * Chromium and Firefox write it) at a fresh URL, when that file is named after the module: `name`
 * (`stock-editor`, letters and hyphens) begins its file name, as in every build (`stock-editor.js`,
 * `stock-editor-<hash>.js`). Any other failure (another file, a module it imports, which Firefox
 * names instead; a bundler's own chunk loading, as webpack's, which fetches again itself) is
 * retried with `load`. A failure rejects with `loadFailure(error)`.
 */
export function onDemand<T>(name: string, load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  let failed: string | undefined;
  let retries = 0;
  return () =>
    (loading ??= (
      failed
        ? (import(/* @vite-ignore */ /* webpackIgnore: true */ `${failed}?retry=${++retries}`) as Promise<T>)
        : load()
    ).catch((error: unknown) => {
      loading = undefined;
      if (error instanceof TypeError) failed ??= RegExp(`\\S+/${name}[^/\\s]*`).exec(error.message)?.[0];
      throw loadFailure(error);
    }));
}
