import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { findElements, projectRoot } from '../../scripts/elements.js';
import { CUSTOM_DATA_FILE, editorFiles, elementData, type ElementData } from '../../scripts/editor-data.js';
import { analyzeSources } from '../../scripts/manifest.js';

/**
 * The editor data and the JSX and Vue typings, generated from the manifest of the sources as the
 * build makes them, and compiled against the element classes: a settable public property of an
 * element that one of the typings lacks, a property of the manifest typed differently there, or an
 * event without its typed handler is a compile error here.
 *
 * Preact, Solid and Vue are not dependencies of the project, so their modules are stand-ins with
 * the few types the typings extend; test/frameworks compiles the Preact and Vue typings against
 * the real packages.
 */

const STUBS: Record<string, string> = {
  preact: `export interface HTMLAttributes<RefType extends EventTarget = EventTarget> { class?: string; id?: string; ref?: (element: RefType | null) => void }
export namespace JSX { export interface IntrinsicElements {} }
`,
  'solid-js': `export namespace JSX {
  export interface HTMLAttributes<T> { class?: string; id?: string; ref?: T | ((element: T) => void) }
  export interface IntrinsicElements {}
}
`,
  vue: `export interface HTMLAttributes { class?: unknown; id?: string }
export type PublicProps = { key?: string | number };
export type EmitFn<Options> = <K extends keyof Options>(event: K, ...args: Options[K] extends (...args: infer A) => void ? A : never) => void;
export interface GlobalComponents {}
`,
};

let work = '';
let elements: ElementData[] = [];
let files: Record<string, string> = {};

before(async () => {
  const manifest = await analyzeSources();
  mkdirSync(join(projectRoot, '.tmp'), { recursive: true });
  work = mkdtempSync(join(projectRoot, '.tmp', 'editor-typings-'));
  const importFrom = relative(work, join(projectRoot, 'src/index.js')).split('\\').join('/');
  elements = elementData(manifest);
  files = editorFiles(manifest, importFrom);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(work, name), text);
  for (const [name, text] of Object.entries(STUBS)) {
    mkdirSync(join(work, 'node_modules', name), { recursive: true });
    writeFileSync(
      join(work, 'node_modules', name, 'package.json'),
      JSON.stringify({ name, types: 'index.d.ts' }),
    );
    writeFileSync(join(work, 'node_modules', name, 'index.d.ts'), text);
  }
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A file that compiles only if every typing covers every settable property and event. */
function checkSource(importFrom: string): string {
  const lines = [
    `import type {} from './jsx-react.js';`,
    `import type {} from './jsx-preact.js';`,
    `import type {} from './jsx-solid.js';`,
    `import type {} from './vue.js';`,
    `import type { JSX as ReactJSX } from 'react';`,
    `import type { JSX as PreactJSX } from 'preact';`,
    `import type { JSX as SolidJSX } from 'solid-js';`,
    `import type { GlobalComponents } from 'vue';`,
    `import type { LitElement } from 'lit';`,
    `import type { ${elements.map((element) => element.className).join(', ')} } from '${importFrom}';`,
    '',
    'type IfEquals<X, Y, A, B> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? A : B;',
    '/** Public instance properties a host can assign, besides what every Lit element has. */',
    'type Settable<E> = Exclude<',
    '  {',
    '    [K in keyof E]-?: E[K] extends (...args: never[]) => unknown',
    '      ? never',
    '      : IfEquals<{ [Q in K]: E[K] }, { -readonly [Q in K]: E[K] }, K, never>;',
    '  }[keyof E],',
    '  keyof LitElement',
    '>;',
    'type Covered<E, Props> = [Exclude<Settable<E>, keyof Props>] extends [never] ? true : Exclude<Settable<E>, keyof Props>;',
    'type Expect<T extends true> = T;',
    'type VueProps<Tag extends keyof GlobalComponents> = InstanceType<GlobalComponents[Tag]>["$props"];',
    'type Handler<Props, K extends keyof Props> = Exclude<Props[K], undefined>;',
    'export type Checks = [',
  ];
  for (const element of elements) {
    const { tag, className } = element;
    const targets = {
      react: `ReactJSX.IntrinsicElements['${tag}']`,
      preact: `PreactJSX.IntrinsicElements['${tag}']`,
      solid: `SolidJSX.IntrinsicElements['${tag}']`,
      vue: `VueProps<'${tag}'>`,
    };
    for (const props of Object.values(targets)) {
      lines.push(`  Expect<Covered<${className}, ${props}>>,`);
      for (const property of element.properties) {
        lines.push(
          `  Expect<IfEquals<Exclude<${props}['${property.name}'], undefined>, Exclude<${className}['${property.name}'], undefined>, true, false>>,`,
        );
      }
    }
    for (const event of element.events) {
      const type = `HTMLElementEventMap['${event.name}']`;
      for (const props of [targets.react, targets.preact, targets.solid]) {
        lines.push(
          `  Expect<IfEquals<Parameters<Handler<${props}, 'on${event.name}'>>[0], ${type}, true, false>>,`,
        );
      }
      const vueName = `on${event.name.replace(/(^|-)([a-z])/g, (_, __: string, letter: string) => letter.toUpperCase())}`;
      lines.push(
        `  Expect<IfEquals<Parameters<Handler<${targets.vue}, '${vueName}'>>[0], ${type}, true, false>>,`,
      );
    }
  }
  lines.push('];', '');
  return lines.join('\n');
}

describe('editor data and framework typings', () => {
  test('the typings cover every settable property and event of every element, typed as the classes are', () => {
    const importFrom = relative(work, join(projectRoot, 'src/index.js')).split('\\').join('/');
    const checkFile = join(work, 'check.ts');
    writeFileSync(checkFile, checkSource(importFrom));
    const program = ts.createProgram([checkFile], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      useDefineForClassFields: false,
      verbatimModuleSyntax: true,
    });
    // Only the generated files and the check: the sources are the type-check's business.
    const ours = [checkFile, ...Object.keys(files).filter((name) => name.endsWith('.d.ts'))].map((name) =>
      name.startsWith(work) ? name : join(work, name),
    );
    const diagnostics = ours.flatMap((file) => {
      const source = program.getSourceFile(file);
      return source
        ? [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
        : [];
    });
    const messages = diagnostics.map((diagnostic) => {
      const where = diagnostic.file
        ? `${relative(work, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
        : '';
      return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    assert.deepEqual(messages, []);
  });

  test('every element is in the typings and the VS Code data, with its attributes', () => {
    const tags = findElements().map((element) => element.tag);
    assert.deepEqual(elements.map((element) => element.tag).sort(), [...tags].sort());
    const data = JSON.parse(files[CUSTOM_DATA_FILE] ?? '{}') as {
      version: number;
      tags: {
        name: string;
        description: string;
        attributes: { name: string; values?: { name: string }[] }[];
      }[];
    };
    assert.equal(data.version, 1.1);
    for (const element of elements) {
      const tag = data.tags.find((entry) => entry.name === element.tag);
      assert.ok(tag, element.tag);
      assert.ok(tag.description, `${element.tag} has a description`);
      assert.deepEqual(
        tag.attributes.map((attribute) => attribute.name),
        element.attributes.map((attribute) => attribute.name),
      );
      for (const typings of ['jsx-react.d.ts', 'jsx-preact.d.ts', 'jsx-solid.d.ts', 'vue.d.ts']) {
        assert.match(
          files[typings] ?? '',
          new RegExp(`'${element.tag}': `),
          `${typings} has <${element.tag}>`,
        );
      }
    }
    const storage = data.tags
      .find((entry) => entry.name === 'connect-account')
      ?.attributes.find((attribute) => attribute.name === 'storage');
    assert.deepEqual(
      storage?.values?.map((value) => value.name),
      ['memory', 'session'],
      'an attribute typed with a set of strings lists them',
    );
  });
});
