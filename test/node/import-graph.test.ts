/**
 * The project's import graph (scripts/import-graph.ts): no file reaches itself through its
 * imports, and no file of src/ imports a higher layer (api → auth → shared → shipping and documents
 * → elements → the entry modules), type-only imports and literal `import()` included.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cyclesOf,
  layerOf,
  readImportGraph,
  specifiersOf,
  upwardImports,
} from '../../scripts/import-graph.js';

const graph = readImportGraph();

test('the reader sees static, type-only, re-exported and dynamic imports', () => {
  const code = [
    "import { a } from './a.js';",
    "import type { B } from './b.js';",
    "export { c } from './c.js';",
    "import './d.js';",
    "const e = () => import('./e.js');",
    "// import { f } from './f.js';",
  ].join('\n');
  assert.deepEqual(specifiersOf(code).sort(), ['./a.js', './b.js', './c.js', './d.js', './e.js']);
  assert.ok((graph.edges.get('src/order-card.ts')?.size ?? 0) > 0, 'the define module imports its element');
});

test('no import cycle', () => {
  assert.deepEqual(cyclesOf(graph), []);
});

test('no import runs up the layers of src/', () => {
  assert.equal(layerOf('src/documents/packing-slip-pdf.ts'), 3);
  assert.equal(layerOf('src/elements/order-card/order-card.ts'), 4);
  assert.equal(layerOf('src/order-card.ts'), 5);
  assert.deepEqual(upwardImports(graph), []);
});
