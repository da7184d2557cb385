/**
 * The loader (`dist/loader.js`) and the chunks it loads (`dist/chunks/`): the package build, the
 * loader's test and the benchmark all make them with this.
 *
 * - chunks/<tag>.js: each element's define module, in one code-split build with the API chunks
 *   (`core`, `client`, `auth`, from src/loader/), so code they share is in shared chunks
 *   (`chunks/shared-<hash>.js`) that a page loads once. The names of the API chunks have no
 *   hyphen, so they never meet a tag.
 * - loader.js: src/loader/loader.ts with the tag list of scripts/elements.ts and the files of each
 *   chunk (itself and what it imports) written in, bundled alone; it imports chunks only by URL,
 *   relative to itself.
 */
import { join } from 'node:path';
import { build, type BuildOptions, type Metafile, type OutputFile } from 'esbuild';
import { findElements, projectRoot, registeringSources } from './elements.js';
import { minifyTemplates } from './minify-templates.js';

export interface LoaderBuildOptions {
  /** Where loader.js goes; the chunks go to its `chunks/` folder. */
  outdir: string;
  /** esbuild targets, those of the single-file browser build. */
  target: string[];
  /** `false` keeps the files in memory (tests, benchmark). Default true. */
  write?: boolean;
}

/** Every file made, as esbuild reports it (`path` absolute, under `outdir`). */
export async function buildLoader({
  outdir,
  target,
  write = true,
}: LoaderBuildOptions): Promise<OutputFile[]> {
  const elements = findElements();
  const common: BuildOptions = {
    absWorkingDir: projectRoot,
    tsconfig: join(projectRoot, 'tsconfig.json'),
    logLevel: 'warning',
    charset: 'utf8',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target,
    minify: true,
    legalComments: 'eof',
    write,
    plugins: [registeringSources(), minifyTemplates()],
  };
  const chunks = await build({
    ...common,
    entryPoints: {
      ...Object.fromEntries(elements.map((element) => [element.tag, element.defineModule])),
      core: 'src/loader/core.ts',
      client: 'src/loader/client.ts',
      auth: 'src/loader/auth.ts',
    },
    splitting: true,
    chunkNames: 'shared-[hash]',
    outdir: join(outdir, 'chunks'),
    metafile: true,
  });
  const loader = await build({
    ...common,
    entryPoints: ['src/loader/loader.ts'],
    outfile: join(outdir, 'loader.js'),
    define: {
      ELEMENT_TAGS: JSON.stringify(elements.map((element) => element.tag)),
      CHUNK_FILES: JSON.stringify(chunkFiles(chunks.metafile)),
    },
  });
  return [...(loader.outputFiles ?? []), ...(chunks.outputFiles ?? [])];
}

/**
 * For each chunk the loader imports by name (`order-card`, `core`, …), its file and every file it
 * imports at any depth, so the loader can fetch them all at once instead of one level at a time.
 */
function chunkFiles(metafile: Metafile): Record<string, string[]> {
  const fileName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
  const closure = (path: string, found: Set<string>): Set<string> => {
    if (found.has(path)) return found;
    found.add(path);
    for (const imported of metafile.outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement') closure(imported.path, found);
    }
    return found;
  };
  return Object.fromEntries(
    Object.entries(metafile.outputs)
      .filter(([, output]) => output.entryPoint !== undefined)
      .map(([path]) => [fileName(path).slice(0, -'.js'.length), [...closure(path, new Set())].map(fileName)]),
  );
}
