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
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // chai assertions such as `expect(x).to.exist` are expressions.
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
);
