/**
 * The elements of the package, found from their define modules: every `src/<tag>.ts` that calls
 * `defineElement('<tag>', Class)`. The build, the docs and the package checks all take the list
 * from here, so a new element needs no list of its own in the tooling.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export interface ElementEntry {
  tag: string;
  /** Class name, as exported by the define module. */
  className: string;
  /** Path from the project root, e.g. `src/order-card.ts`. */
  defineModule: string;
}

const DEFINE_CALL = /\bdefineElement\(\s*'([a-z][a-z0-9]*(?:-[a-z0-9]+)+)'\s*,\s*([A-Za-z_$][\w$]*)\s*\)/;

export function findElements(root: string = projectRoot): ElementEntry[] {
  const src = join(root, 'src');
  const elements: ElementEntry[] = [];
  for (const file of readdirSync(src).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    const match = DEFINE_CALL.exec(readFileSync(join(src, file), 'utf8'));
    if (!match) continue;
    const [, tag, className] = match as unknown as [string, string, string];
    if (file !== `${tag}.ts`) {
      throw new Error(
        `src/${file} registers <${tag}>; a define module is named after its tag (src/${tag}.ts).`,
      );
    }
    elements.push({ tag, className, defineModule: `src/${file}` });
  }
  return elements;
}

/** Exported files named like a tag that are not elements: the browser build and the OAuth page script. */
const SCRIPT_FILES = new Set(['commerce-ops-elements', 'oauth-callback']);

interface PackageJson {
  exports: Record<string, unknown>;
  sideEffects: string[];
}

/**
 * Where the package entry points disagree with the define modules: each element needs its
 * `./<tag>.js` export and `sideEffects` entry in package.json, a line in src/all.ts, its class in
 * src/index.ts and a wrapper in src/react.ts. Returns one sentence per problem.
 */
export function entryPointProblems(root: string = projectRoot): string[] {
  const elements = findElements(root);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  const read = (path: string): string => readFileSync(join(root, path), 'utf8');
  const all = read('src/all.ts');
  const index = read('src/index.ts');
  const react = read('src/react.ts');
  const problems: string[] = [];
  for (const { tag, className } of elements) {
    if (!(`./${tag}.js` in pkg.exports)) problems.push(`package.json "exports" lacks "./${tag}.js".`);
    if (!pkg.sideEffects.includes(`./dist/${tag}.js`)) {
      problems.push(`package.json "sideEffects" lacks "./dist/${tag}.js".`);
    }
    if (!all.includes(`from './${tag}.js'`)) problems.push(`src/all.ts does not import ./${tag}.js.`);
    if (!new RegExp(`export \\{ ${className} \\} from './elements/${tag}/${tag}\\.js'`).test(index)) {
      problems.push(`src/index.ts does not export ${className} from ./elements/${tag}/${tag}.js.`);
    }
    if (!react.includes(`tagName: '${tag}'`)) problems.push(`src/react.ts has no wrapper for <${tag}>.`);
  }
  const tags = new Set(elements.map((element) => element.tag));
  for (const key of Object.keys(pkg.exports)) {
    const tag = /^\.\/([a-z][a-z0-9]*(?:-[a-z0-9]+)+)\.js$/.exec(key)?.[1];
    if (tag && !tags.has(tag) && !SCRIPT_FILES.has(tag)) {
      problems.push(`package.json "exports" has "${key}" but there is no src/${tag}.ts define module.`);
    }
  }
  return problems;
}

/**
 * package.json's `sideEffects` names the published files, so esbuild would take every source file
 * for side-effect free and drop `import './all.js'`. This tells it which source modules register
 * elements: the same modules whose dist files `sideEffects` lists. `root` is the project whose
 * sources are bundled (the benchmark also bundles an earlier commit's, from a temporary folder).
 */
export function registeringSources(root: string = projectRoot): Plugin {
  const registering = new Set(
    ['src/all.ts', ...findElements(root).map((element) => element.defineModule)].map((path) =>
      join(root, path),
    ),
  );
  return {
    name: 'registering-sources',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData === 'registering-sources') return undefined;
        const result = await pluginBuild.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'registering-sources',
        });
        if (result.errors.length > 0 || !registering.has(result.path)) return undefined;
        return { path: result.path, sideEffects: true };
      });
    },
  };
}
