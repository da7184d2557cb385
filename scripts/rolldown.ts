/**
 * The browser bundles built with rolldown: the single-file browser build
 * (`dist/commerce-ops-elements.js`) and the loader's chunks (scripts/build-loader.ts). Its
 * minifier leaves these bundles a few percent smaller than esbuild's does; esbuild still makes
 * the package's ESM, the Node entry points and the small scripts.
 *
 * Both get the transforms every esbuild build gets from its plugins: templates minified
 * (`minifyTemplates()`, scripts/minify-templates.ts) and the define modules kept for their side
 * effects (`registeringSources()`, scripts/elements.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rolldown, type InputOptions, type Plugin } from 'rolldown';
import { findElements, projectRoot } from './elements.js';
import { LAZY_MODULES } from './lazy-modules.js';
import { isTemplateSource, minifyTemplateSource } from './minify-templates.js';

/** `registeringSources()` for rolldown: the define modules and src/all.ts keep their side effects. */
function registeringModules(root: string): Plugin {
  const registering = new Set(
    ['src/all.ts', ...findElements(root).map((element) => element.defineModule)].map((path) =>
      join(root, path),
    ),
  );
  return {
    name: 'registering-sources',
    async resolveId(source, importer, options) {
      if (!/^\.\.?\//.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !registering.has(resolved.id)) return resolved;
      return { ...resolved, moduleSideEffects: true };
    },
  };
}

/** `minifyTemplates()` for rolldown: library sources are loaded with their templates minified. */
function templatesMinified(): Plugin {
  return {
    name: 'minify-templates',
    async load(id) {
      if (!isTemplateSource(id)) return null;
      return { code: await minifyTemplateSource(await readFile(id, 'utf8'), id), moduleType: 'ts' };
    },
  };
}

/**
 * Leaves each `import()` of the one lazy module (scripts/lazy-modules.ts: `merge-labels.js`, pdf-lib)
 * outside the bundle, as an import of that file: it is a file of its own beside the single-file build, and a
 * classic script resolves `import()` against its own URL. Any other `import()` is written into the
 * single file (`dynamicImportsInline`).
 */
function dynamicImportsBeside(): Plugin {
  const lazy = new Map(
    LAZY_MODULES.flatMap((module) => module.specifiers.map((specifier) => [specifier, module.file] as const)),
  );
  return {
    name: 'dynamic-imports-beside',
    resolveId(source, _importer, options) {
      const file = options.kind === 'dynamic-import' ? lazy.get(source) : undefined;
      return file === undefined ? null : { id: `./${file}`, external: true };
    },
  };
}

/**
 * In a bundle without code splitting, an `import()` that is not of the lazy module is written into
 * the file anyway; left dynamic, each such module and what only it imports is wrapped to be
 * started on first use, which costs bytes and buys nothing. This makes each such `import()` a
 * static import, read at once.
 */
function dynamicImportsInline(root: string): Plugin {
  const lazy = new Set(LAZY_MODULES.flatMap((module) => module.specifiers));
  const dynamicImport = /\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;
  return {
    name: 'dynamic-imports-inline',
    transform(code, id) {
      if (!id.startsWith(join(root, 'src')) || !code.includes('import(')) return null;
      const statics: string[] = [];
      const rewritten = code
        .split('\n')
        .map((line) =>
          /^\s*(\*|\/\/|\/\*)/.test(line)
            ? line
            : line.replace(dynamicImport, (whole, specifier: string) => {
                if (lazy.has(specifier)) return whole;
                const name = `__inlined${statics.length}`;
                statics.push(`import * as ${name} from '${specifier}';`);
                return `Promise.resolve(${name})`;
              }),
        )
        .join('\n');
      return statics.length === 0 ? null : { code: `${statics.join('\n')}\n${rewritten}`, moduleType: 'ts' };
    },
  };
}

/** The input options every browser bundle shares, for `input` from the project `root`. */
export function browserInput(
  input: InputOptions['input'],
  target: string[],
  root: string = projectRoot,
): InputOptions {
  return {
    input,
    cwd: root,
    tsconfig: join(root, 'tsconfig.json'),
    platform: 'browser',
    logLevel: 'warn',
    // The template minifier is slow by nature; a busy machine would have rolldown say so each build.
    checks: { bundlerTimings: false },
    transform: { target },
    plugins: [registeringModules(root), templatesMinified()],
  };
}

/**
 * src/browser.ts as one minified classic script (an IIFE): the text of
 * `dist/commerce-ops-elements.js`. The license comments of what it bundles are kept.
 */
export async function bundleBrowserScript(target: string[], root: string = projectRoot): Promise<string> {
  const options = browserInput(join(root, 'src/browser.ts'), target, root);
  const bundle = await rolldown({
    ...options,
    plugins: [dynamicImportsBeside(), dynamicImportsInline(root), ...(options.plugins as Plugin[])],
  });
  try {
    const { output } = await bundle.generate({
      format: 'iife',
      // One file: an `import()` that is not of a lazy module is written into it.
      codeSplitting: false,
      minify: true,
      comments: { legal: true, annotation: false, jsdoc: false },
    });
    return output[0].code;
  } finally {
    await bundle.close();
  }
}
