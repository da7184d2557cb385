/**
 * The project's import graph, read from the sources: every `import`/`export … from` (type-only
 * ones included) and every `import()` of a literal path between the project's own files.
 * `npm run graph` prints its cycles and the imports that run up the layers of src/; the node test
 * test/node/import-graph.test.ts holds both at none.
 *
 * Layers of src/, lowest first (a file may import its own layer or a lower one):
 *   api, version.ts → auth → shared → shipping and documents (side by side: eslint keeps each from
 *   importing the other) → elements → the entry modules (define modules,
 *   index, all, browser, react, loader, locales, oauth-callback).
 * src/server and src/sandbox stand beside them, on the api layer's side.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { projectRoot } from './elements.js';

const ROOTS = ['src', 'demo', 'scripts', 'bench'];
const SOURCE = /\.(ts|mts|js|mjs)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    return statSync(path).isDirectory()
      ? walk(path)
      : SOURCE.test(name) && !name.endsWith('.d.ts')
        ? [path]
        : [];
  });
}

/** Import specifiers of a source: static (type-only included), re-exports and literal `import()`. */
export function specifiersOf(code: string): string[] {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const patterns = [
    /\bimport\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bexport\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of withoutComments.matchAll(pattern)) if (match[1]) found.push(match[1]);
  }
  return found;
}

function resolveLocal(from: string, specifier: string, files: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.mjs$/, '.mts'),
    `${base}.ts`,
    join(base, 'index.ts'),
  ];
  return candidates.find((candidate) => files.has(candidate));
}

export interface ImportGraph {
  files: string[];
  /** file → the project files it imports, paths from the project root. */
  edges: Map<string, Set<string>>;
}

export function readImportGraph(root: string = projectRoot): ImportGraph {
  const absolute = ROOTS.flatMap((dir) => {
    try {
      return walk(join(root, dir));
    } catch {
      return [];
    }
  });
  const set = new Set(absolute);
  const edges = new Map<string, Set<string>>();
  for (const file of absolute) {
    const targets = new Set<string>();
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      const target = resolveLocal(file, specifier, set);
      if (target && target !== file) targets.add(relative(root, target));
    }
    edges.set(relative(root, file), targets);
  }
  return { files: absolute.map((file) => relative(root, file)), edges };
}

/** Strongly connected components of more than one file (Tarjan). */
export function cyclesOf(graph: ImportGraph): string[][] {
  let next = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const lowOf = (file: string): number => low.get(file) ?? Number.POSITIVE_INFINITY;
  const visit = (file: string): void => {
    const index = next++;
    indices.set(file, index);
    low.set(file, index);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.edges.get(file) ?? []) {
      const seen = indices.get(target);
      if (seen === undefined) {
        visit(target);
        low.set(file, Math.min(lowOf(file), lowOf(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(lowOf(file), seen));
      }
    }
    if (lowOf(file) !== index) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of graph.files) if (!indices.has(file)) visit(file);
  return cycles;
}

/** The layer of a file of src/ (higher may import lower), or undefined outside the layers. */
export function layerOf(file: string): number | undefined {
  if (!file.startsWith('src/')) return undefined;
  if (/^src\/(server|sandbox)\//.test(file)) return undefined;
  if (file.startsWith('src/api/') || file === 'src/version.ts') return 0;
  if (file.startsWith('src/auth/')) return 1;
  if (file.startsWith('src/shared/')) return 2;
  if (file.startsWith('src/shipping/') || file.startsWith('src/documents/')) return 3;
  if (file.startsWith('src/elements/')) return 4;
  return 5;
}

export const LAYER_NAMES = ['api', 'auth', 'shared', 'shipping and documents', 'elements', 'entry modules'];

/** Imports from a file to one of a higher layer. */
export function upwardImports(graph: ImportGraph): [string, string][] {
  const found: [string, string][] = [];
  for (const [file, targets] of graph.edges) {
    const from = layerOf(file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = layerOf(target);
      if (to !== undefined && to > from) found.push([file, target]);
    }
  }
  return found.sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = readImportGraph();
  const cycles = cyclesOf(graph);
  const upward = upwardImports(graph);
  console.log(
    `${graph.files.length} files, ${[...graph.edges.values()].reduce((n, s) => n + s.size, 0)} imports`,
  );
  console.log(`${cycles.length} cycle(s)`);
  for (const cycle of cycles) console.log(`  ${cycle.join(' ⇄ ')}`);
  console.log(`${upward.length} import(s) up the layers`);
  const layerName = (file: string): string => LAYER_NAMES[layerOf(file) ?? 0] ?? '';
  for (const [from, to] of upward) console.log(`  ${from} (${layerName(from)}) → ${to} (${layerName(to)})`);
  process.exitCode = cycles.length + upward.length > 0 ? 1 : 0;
}
