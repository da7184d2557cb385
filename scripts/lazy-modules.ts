/**
 * The one file the single-file browser build does not hold: `merge-labels.js` (src/merge-labels.ts),
 * every PDF drawn with pdf-lib (about 180 KB gzip): label-batch's merged labels, pick-list's pick
 * list and label-downloader's packing slip, which only a press of their buttons needs. Everything
 * else an element loads with `import()` (its editors, the booking, the label store, …) is written
 * into the single file (`dynamicImportsInline`, scripts/rolldown.ts), so a page that serves
 * `commerce-ops-elements.js` alone can do every task but make those PDFs.
 *
 * - The single-file build leaves each of its `import()`s as an import of `./merge-labels.js`: a
 *   classic script resolves `import()` against its own URL, so `dist/commerce-ops-elements.js`
 *   loads `dist/merge-labels.js`, which the build writes beside it (`lazyModuleEntries`).
 * - The package's ESM (one file per module) and the loader's split chunks keep every lazy module
 *   apart already; the benchmark measures an element as first loaded, without them.
 *
 * Each is imported through `onDemand` (src/api/load-on-demand.ts), which retries a failed load at
 * the URL the browser named in its error with `?retry=<n>`.
 */
import type { Plugin } from 'esbuild';

export interface LazyModule {
  /** How the elements import its parts (each part's `import()`, as written). */
  specifiers: readonly string[];
  /** Its source, from the project root. */
  source: string;
  /** The file beside the browser build. */
  file: string;
}

export const LAZY_MODULES: readonly LazyModule[] = [
  {
    specifiers: [
      './merge-labels.js',
      '../../documents/pick-list-pdf.js',
      '../../documents/packing-slip-pdf.js',
    ],
    source: 'src/merge-labels.ts',
    file: 'merge-labels.js',
  },
];

/** Leaves every lazy module's `import()` as an import of `./<file>`, outside the bundle. */
export function lazyModulesExternal(): Plugin {
  return {
    name: 'lazy-modules-external',
    setup(pluginBuild) {
      for (const lazy of LAZY_MODULES) {
        for (const specifier of lazy.specifiers) {
          const filter = new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
          pluginBuild.onResolve({ filter, namespace: 'file' }, (args) =>
            args.kind === 'dynamic-import' ? { path: `./${lazy.file}`, external: true } : undefined,
          );
        }
      }
    },
  };
}

/** Entry points (`{ 'merge-labels': 'src/…/merge-labels.ts' }`) to build each lazy module into one ES module. */
export function lazyModuleEntries(): Record<string, string> {
  return Object.fromEntries(LAZY_MODULES.map((lazy) => [lazy.file.replace(/\.js$/, ''), lazy.source]));
}
