/**
 * Minifies the markup inside Lit's `html` and `css` template literals, which a JavaScript
 * minifier leaves as written: indentation, line breaks and CSS comments. The package build, the
 * benchmark and the browser tests all use it, so the tests run the templates exactly as they ship.
 */
import { readFile } from 'node:fs/promises';
import { minifyHTMLLiterals } from '@literals/html-css-minifier';
import type { Plugin } from 'esbuild';

/** Only the library's browser sources; tests, demo, tooling and the Node code are left as written. */
const SOURCE = /[\\/]src[\\/].*\.ts$/;
const NODE_ONLY = /[\\/]src[\\/](sandbox|server)[\\/]/;

/** Returns `code` with its `html` and `css` templates minified; `fileName` names it in errors. */
export async function minifyTemplateSource(code: string, fileName: string): Promise<string> {
  if (!/\b(html|css)`/.test(code)) return code;
  const result = await minifyHTMLLiterals(code, { fileName, generateSourceMap: false });
  return result ? result.code : code;
}

/** Whether `path` is a library source file whose templates are minified. */
export function isTemplateSource(path: string): boolean {
  return SOURCE.test(path) && !NODE_ONLY.test(path);
}

/** The esbuild plugin: every library source file is loaded with its templates minified. */
export function minifyTemplates(): Plugin {
  return {
    name: 'minify-templates',
    setup(pluginBuild) {
      // esbuild filters are Go regular expressions (no lookahead): Node code is skipped here.
      pluginBuild.onLoad({ filter: SOURCE }, async (args) =>
        isTemplateSource(args.path)
          ? {
              contents: await minifyTemplateSource(await readFile(args.path, 'utf8'), args.path),
              loader: 'ts',
            }
          : undefined,
      );
    },
  };
}
