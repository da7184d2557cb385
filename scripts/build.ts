/**
 * `npm run build`: the npm package in dist/ and custom-elements.json.
 *
 * - ESM for bundlers and import maps, one file per source module (dist/ mirrors src/), so every
 *   define module stays its own file and `sideEffects` in package.json names exactly the files
 *   that register elements; lit, zod and the other dependencies stay imports.
 * - dist/commerce-ops-elements.js: the single-file browser build, a minified classic script built
 *   by rolldown (scripts/rolldown.ts), and beside it the modules it loads with `import()` when
 *   asked (dist/merge-labels.js, pdf-lib).
 * - dist/loader.js and dist/chunks/: the loader, which loads only the elements a page uses
 *   (scripts/build-loader.ts).
 * - dist/locales/<language>.js: each translation pack of src/locales/, bundled the same way (no
 *   imports, so it loads as a classic script beside the browser build or as an import), with a
 *   declaration file that declares nothing.
 * - dist/server/index.js, dist/sandbox/index.js: bundled for Node, dependencies left as imports.
 * - dist/oauth-callback.html + .js: the ready OAuth redirect page (no inline script).
 * - .d.ts files from `tsc -p tsconfig.build.json` in a child process, and custom-elements.json
 *   from the analyzer (scripts/manifest.ts), both beside esbuild.
 * - dist/react.js: src/react.ts, the React wrappers generated from the manifest
 *   (scripts/react-wrappers.ts); the build stops if the file is not what the manifest gives.
 */
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';
import { buildLoader } from './build-loader.js';
import { writeEditorData } from './editor-data.js';
import { entryPointProblems, findElements, projectRoot, registeringSources } from './elements.js';
import { lazyModuleEntries } from './lazy-modules.js';
import { analyzeSources, type Manifest } from './manifest.js';
import { minifyTemplates } from './minify-templates.js';
import { checkReactModule } from './react-wrappers.js';
import { bundleBrowserScript } from './rolldown.js';

const dist = join(projectRoot, 'dist');
const manifestPath = join(projectRoot, 'custom-elements.json');

/** Browsers with `AbortSignal.any`, private class members and `??=`: see README, "Browser support". */
const BROWSER_TARGET = ['es2022', 'chrome116', 'firefox124', 'safari17.4'];

const common: BuildOptions = {
  absWorkingDir: projectRoot,
  tsconfig: join(projectRoot, 'tsconfig.json'),
  logLevel: 'warning',
  charset: 'utf8',
  plugins: [registeringSources(), minifyTemplates()],
};

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(projectRoot, command), ...args], {
      cwd: projectRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** The package's ESM: every module reachable from the entry points, transpiled one to one. */
async function buildModules(): Promise<void> {
  const entryPoints = [
    'src/index.ts',
    'src/all.ts',
    'src/react.ts',
    ...findElements().map((element) => element.defineModule),
  ];
  const graph = await build({
    ...common,
    entryPoints,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    outdir: dist,
  });
  const modules = Object.keys(graph.metafile.inputs).filter((input) => input.startsWith('src/'));
  const serverSide = modules.filter((input) => /^src\/(server|sandbox)\//.test(input));
  if (serverSide.length > 0) {
    throw new Error(`Browser entry points reach Node-only modules: ${serverSide.join(', ')}`);
  }
  await build({
    ...common,
    entryPoints: modules,
    outbase: 'src',
    outdir: dist,
    format: 'esm',
    platform: 'browser',
    target: BROWSER_TARGET,
  });
}

/** The translation packs, `src/locales/<language>.ts`. */
function translationPacks(): string[] {
  return readdirSync(join(projectRoot, 'src/locales'))
    .filter((file) => /^[a-z]{2,3}\.ts$/.test(file))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

/**
 * Classic scripts with no imports: the browser build, the OAuth redirect page's script and the
 * translation packs.
 */
async function buildScripts(): Promise<void> {
  const script: BuildOptions = {
    ...common,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: BROWSER_TARGET,
    minify: true,
    legalComments: 'eof',
  };
  await Promise.all([
    bundleBrowserScript(BROWSER_TARGET).then((code) =>
      writeFileSync(join(dist, 'commerce-ops-elements.js'), code),
    ),
    // What the browser build loads with import() when asked: ES modules beside it, with no imports.
    build({ ...script, format: 'esm', entryPoints: lazyModuleEntries(), outdir: dist }),
    build({ ...script, entryPoints: ['src/oauth-callback.ts'], outfile: join(dist, 'oauth-callback.js') }),
    ...translationPacks().map((language) =>
      build({
        ...script,
        entryPoints: [`src/locales/${language}.ts`],
        outfile: join(dist, 'locales', `${language}.js`),
      }),
    ),
  ]);
  copyFileSync(join(projectRoot, 'src/oauth-callback.html'), join(dist, 'oauth-callback.html'));
  for (const language of translationPacks()) {
    writeFileSync(join(dist, 'locales', `${language}.d.ts`), 'export {};\n');
  }
}

/** Node entry points; hono, @hono/node-server, pdf-lib and the rest are dependencies, not inlined. */
async function buildNode(): Promise<void> {
  await build({
    ...common,
    entryPoints: { 'server/index': 'src/server/index.ts', 'sandbox/index': 'src/sandbox/index.ts' },
    outdir: dist,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
  });
}

/**
 * custom-elements.json, with the analyzer's source paths (`src/x.ts`) pointing at the published
 * modules (`dist/x.js`).
 */
function publishManifest(manifest: Manifest): void {
  const toDist = (value: string): string => value.replace(/^\/?src\/(.*)\.[jt]s$/, 'dist/$1.js');
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        (key === 'path' || key === 'module') && typeof inner === 'string' ? toDist(inner) : rewrite(inner),
      ]),
    );
  };
  // A source file no entry point reaches is not in the package, so it is not in its manifest.
  manifest.modules = (rewrite(manifest.modules) as Manifest['modules']).filter((module) =>
    existsSync(join(projectRoot, module.path)),
  );
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}

function checkOutputs(): void {
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    exports: Record<string, string | Record<string, string>>;
  };
  const targets = Object.values(pkg.exports).flatMap((target) =>
    typeof target === 'string' ? [target] : Object.values(target),
  );
  const missing = targets.filter((target) => !existsSync(join(projectRoot, target)));
  const problems = [
    ...entryPointProblems(),
    ...missing.map((target) => `package.json "exports" names ${target}, which the build did not make.`),
  ];
  if (problems.length > 0) throw new Error(`The package is incomplete:\n  ${problems.join('\n  ')}`);
}

function report(): void {
  const files = [
    'dist/commerce-ops-elements.js',
    'dist/loader.js',
    'dist/oauth-callback.js',
    ...translationPacks().map((language) => `dist/locales/${language}.js`),
    'dist/server/index.js',
    'dist/sandbox/index.js',
  ];
  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;
  for (const file of files) {
    const path = join(projectRoot, file);
    const gzip = gzipSync(readFileSync(path), { level: 9 }).length;
    console.log(`  ${file.padEnd(32)} ${kb(statSync(path).size).padStart(9)}  gzip ${kb(gzip).padStart(8)}`);
  }
}

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
rmSync(manifestPath, { force: true });
mkdirSync(dist, { recursive: true });
const [manifest] = await Promise.all([
  analyzeSources(),
  run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.build.json']),
  buildModules(),
  buildScripts(),
  buildLoader({ outdir: dist, target: BROWSER_TARGET }),
  buildNode(),
]);
await checkReactModule(manifest);
publishManifest(manifest);
writeEditorData(manifest);
checkOutputs();
report();
console.log(
  `Built ${relative(projectRoot, dist)}/ in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
