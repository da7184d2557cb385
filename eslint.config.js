import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import litA11y from 'eslint-plugin-lit-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/results.json', 'custom-elements.json', '.tmp/'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  lit.configs['flat/recommended'],
  wc.configs['flat/recommended'],
  litA11y.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='eval']",
          message: 'eval breaks strict Content-Security-Policy pages.',
        },
        {
          selector: "NewExpression[callee.name='Function']",
          message: 'new Function breaks strict Content-Security-Policy pages.',
        },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'lit/directives/unsafe-html.js', message: 'Never render API data as HTML.' }] },
      ],
    },
  },
  {
    // An element never imports another element's folder: what two elements share lives in
    // src/shipping/ or src/shared/, and a composite element uses others through their tags.
    files: ['src/elements/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'lit/directives/unsafe-html.js', message: 'Never render API data as HTML.' }],
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)[^/]+/',
              message:
                "An element does not import another element's folder; move what both need to src/shipping/ or src/shared/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The shipping layer sits between the elements and shared/ + api/: it never imports an element.
    files: ['src/shipping/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'lit/directives/unsafe-html.js', message: 'Never render API data as HTML.' }],
          patterns: [
            { group: ['**/elements/**'], message: 'shipping/ must not import an element.' },
            {
              group: ['**/documents/**'],
              message: 'shipping/ stands beside documents/ and does not import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The documents layer (the warehouse's paper) sits beside shipping, under the elements, which
    // load it with import() on a click: it reads api types, shared formatting and pdf-lib only.
    files: ['src/documents/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/elements/**'], message: 'documents/ must not import an element.' },
            {
              group: ['**/shipping/**'],
              message: 'documents/ stands beside shipping/ and does not import it.',
            },
            { group: ['lit', 'lit/*', '@lit/*'], message: 'documents/ draws PDFs: no Lit.' },
          ],
        },
      ],
    },
  },
  {
    // Layers point one way: elements → shipping → shared → api. Shared code and the client never
    // import an element or the shipping layer, and the client knows nothing of Lit or the DOM.
    files: ['src/shared/**/*.ts', 'src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'lit/directives/unsafe-html.js', message: 'Never render API data as HTML.' }],
          patterns: [
            {
              group: ['**/elements/**'],
              message: 'shared/ and api/ must not import an element; elements import them.',
            },
            { group: ['**/shipping/**'], message: 'shared/ and api/ must not import the shipping layer.' },
            { group: ['**/documents/**'], message: 'shared/ and api/ must not import the documents layer.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/elements/**'], message: 'api/ must not import an element.' },
            { group: ['**/shipping/**'], message: 'api/ must not import the shipping layer.' },
            { group: ['**/documents/**'], message: 'api/ must not import the documents layer.' },
            { group: ['**/shared/**'], message: 'api/ must not import UI code from shared/.' },
            { group: ['lit', 'lit/*', '@lit/*'], message: 'api/ is plain TypeScript: no Lit.' },
          ],
        },
      ],
    },
  },
  {
    // The transport's error reader is loaded with import() on the first answer that is not a 2xx:
    // it needs nothing but its arguments, so it imports types only.
    files: ['src/api/error-read.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*', '**'],
              allowTypeImports: true,
              message: "The transport's error reader imports types only: it needs nothing but its arguments.",
            },
          ],
        },
      ],
    },
  },
  {
    // Label storage's records are loaded with import() by the elements that buy labels, and
    // label-storage.ts is what they, the host and the loader import without them: plain TypeScript on the raw
    // IndexedDB API, no Lit, no element, nothing of the client but its types.
    files: ['src/shipping/label-storage-records.ts', 'src/shipping/label-storage.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['lit', 'lit/*', '@lit/*'], message: 'Label storage holds no Lit.' },
            { group: ['**/elements/**'], message: 'Label storage imports no element code.' },
            {
              group: ['**/api/**', '**/shared/**', '**/auth/**'],
              allowTypeImports: true,
              message: 'Label storage imports types only from the client and shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // chai assertions such as `expect(x).to.exist` are expressions.
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
);
