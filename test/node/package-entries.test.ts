import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryPointProblems, findElements, projectRoot } from '../../scripts/elements.js';
import { version } from '../../src/version.js';

interface PackageJson {
  name: string;
  version: string;
  type: string;
  engines: { node: string };
  types: string;
  files: string[];
  customElements: string;
  contributes: { html: { customData: string[] } };
  exports: Record<string, string | { types: string; default: string }>;
  sideEffects: string[];
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
}

const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as PackageJson;
const elements = findElements();
const tags = elements.map((element) => element.tag);

describe('package entry points', () => {
  test('the define modules are found, one per element of the design at least', () => {
    for (const tag of [
      'order-card',
      'allocation-form',
      'rate-picker',
      'label-downloader',
      'listing-linker',
      'order-list',
      'label-batch',
    ]) {
      assert.ok(tags.includes(tag), `src/${tag}.ts registers <${tag}>`);
    }
  });

  test('package.json, all.ts, index.ts and react.ts cover every element', () => {
    assert.deepEqual(entryPointProblems(), []);
  });

  test('exports: the package, each element, all.js, the Node and React entries, locales, the static files', () => {
    const expected = [
      '.',
      ...tags.map((tag) => `./${tag}.js`),
      './all.js',
      './react',
      './server',
      './sandbox',
      './locales/de.js',
      './locales/es.js',
      './locales/fr.js',
      './jsx-react',
      './jsx-preact',
      './jsx-solid',
      './vue',
      './commerce-ops-elements.js',
      './loader.js',
      './oauth-callback.html',
      './oauth-callback.js',
      './custom-elements.json',
      './vscode.html-custom-data.json',
      './package.json',
    ];
    assert.deepEqual(Object.keys(pkg.exports).sort(), expected.sort());
    for (const [key, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      // `types` first: TypeScript takes the first condition that matches.
      assert.deepEqual(Object.keys(target), ['types', 'default'], key);
      assert.match(target.types, /^\.\/dist\/.+\.d\.ts$/, key);
      assert.equal(target.default, target.types.replace(/\.d\.ts$/, '.js'), key);
    }
    assert.equal(pkg.types, './dist/index.d.ts');
  });

  test('sideEffects names only the modules that register elements or a translation', () => {
    assert.deepEqual(
      [...pkg.sideEffects].sort(),
      [
        ...tags.map((tag) => `./dist/${tag}.js`),
        './dist/all.js',
        './dist/commerce-ops-elements.js',
        './dist/loader.js',
        './dist/chunks/*.js',
        './dist/locales/de.js',
        './dist/locales/es.js',
        './dist/locales/fr.js',
        './dist/oauth-callback.js',
      ].sort(),
    );
  });

  test('metadata: name, ESM, Node 20, files, the manifest', () => {
    assert.equal(pkg.name, 'commerce-ops-elements');
    assert.equal(pkg.type, 'module');
    assert.match(pkg.engines.node, /^>=20(\.|$)/);
    assert.deepEqual(pkg.files, ['dist', 'custom-elements.json']);
    assert.equal(pkg.customElements, 'custom-elements.json');
    // VS Code's key for HTML custom data; a workspace names the same file in its html.customData setting.
    assert.deepEqual(pkg.contributes.html.customData, ['./dist/vscode.html-custom-data.json']);
  });

  test('dependencies: @lit/react at run time, react an optional peer', () => {
    assert.ok(pkg.dependencies['@lit/react']);
    assert.equal(pkg.devDependencies['@lit/react'], undefined);
    assert.ok(pkg.peerDependencies['react']);
    assert.equal(pkg.peerDependenciesMeta['react']?.optional, true);
    assert.equal(pkg.dependencies['react'], undefined);
  });

  test('scripts: npm test runs every suite: static checks, the build, node, Chromium (headless, then headed for printing), Firefox and the package check', () => {
    for (const script of ['build', 'test:package', 'docs', 'start', 'sandbox', 'test', 'typecheck', 'lint']) {
      assert.ok(pkg.scripts[script], `script ${script}`);
    }
    const steps = pkg.scripts['test']?.split('&&').map((step) => step.trim()) ?? [];
    assert.deepEqual(steps, ['node scripts/check-system.mjs', 'node scripts/test-all.mjs']);
    const phases = readFileSync(join(projectRoot, 'scripts/test-all.mjs'), 'utf8');
    for (const script of [
      'test:static',
      'build',
      'test:node',
      'test:browser',
      'test:browser:print',
      'test:browser:quirks',
      'test:browser:firefox',
      'test:package:check',
    ]) {
      assert.ok(
        phases.includes(`'npm run -s ${script}`) || phases.includes(`&& npm run -s ${script}'`),
        `npm test runs ${script}`,
      );
      assert.ok(pkg.scripts[script], `script ${script}`);
    }
    assert.equal(pkg.scripts['test:package'], 'npm run build && npm run -s test:package:check');
    for (const [script, parts] of Object.entries({
      'test:static': ['npm run -s typecheck', 'npm run -s lint'],
      'test:browsers': [
        'npm run -s test:browser:firefox-passes',
        'npm run -s test:browser',
        'npm run -s test:browser:print',
      ],
      'test:browser:firefox-passes': ['npm run -s test:browser:quirks', 'npm run -s test:browser:firefox'],
    })) {
      for (const part of parts) assert.ok(pkg.scripts[script]?.includes(part), `${script} runs ${part}`);
    }
  });

  test('src/version.ts matches package.json', () => {
    assert.equal(version, pkg.version);
  });

  test('src/index.ts has no side effects: no bare imports, no top-level statements besides exports', () => {
    const source = readFileSync(join(projectRoot, 'src/index.ts'), 'utf8');
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const statements = code
      .split(/;\s*\n/)
      .map((statement) => statement.trim())
      .filter(Boolean);
    for (const statement of statements) assert.match(statement, /^export /, statement);
    for (const tag of tags) assert.doesNotMatch(source, new RegExp(`from '\\./${tag}\\.js'`));
  });
});
