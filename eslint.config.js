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
          patterns: [{ group: ['**/elements/**'], message: 'shipping/ must not import an element.' }],
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
            { group: ['**/shared/**'], message: 'api/ must not import UI code from shared/.' },
            { group: ['lit', 'lit/*', '@lit/*'], message: 'api/ is plain TypeScript: no Lit.' },
          ],
        },
      ],
    },
  },
  {
    // allocation-form's stock editor, summary of an allocation and removal, the OAuth sign-in flow,
    // booking and listing-linker's store form and link checks are loaded with import() and run with
    // what their caller hands them (`StockEditorKit`, `AllocationResultKit`, `RemovalRequestKit`,
    // `FlowKit`, `BookingKit`, `StoreFormKit`, `LinkSubmitKit`): a value import would move what both
    // use out of the caller's file.
    files: [
      'src/elements/allocation-form/stock-editor.ts',
      'src/elements/allocation-form/allocation-result.ts',
      'src/elements/allocation-form/removal-request.ts',
      'src/auth/oauth-flow.ts',
      'src/shipping/booking.ts',
      'src/elements/listing-linker/store-form.ts',
      'src/elements/listing-linker/link-submit.ts',
      // The transport's error reader: it needs nothing but its arguments.
      'src/api/error-read.ts',
      // The session's reader: it takes defineMessages from src/shared/session.ts.
      'src/shared/session-read.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*', '**'],
              allowTypeImports: true,
              message:
                'A module loaded on demand imports types only; take what it runs with from its kit (StockEditorKit, AllocationResultKit, RemovalRequestKit, FlowKit, BookingKit, StoreFormKit, LinkSubmitKit).',
            },
          ],
        },
      ],
    },
  },
  {
    // product-editor's save is loaded with import() on the first "Save product" and runs with what
    // its element hands it (`ProductSaveKit`), for the same reason as the stock editor. It may
    // import the order edits (api/order-edits.ts, which imports nothing itself): the element does
    // not, so they stay out of its first load.
    files: ['src/elements/product-editor/product-save.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.\\./\\.\\./api/order-edits\\.js$)',
              allowTypeImports: true,
              message: 'The product save imports types only; take what it runs with from ProductSaveKit.',
            },
          ],
        },
      ],
    },
  },
  {
    // rate-picker's quotes are loaded with import() with the first rates and run with what the
    // picker hands them (`RateResultsKit`); besides types they import only their model, the
    // service options' checks and the quote ranking, which the picker does not import.
    files: [
      'src/elements/rate-picker/rate-results.ts',
      'src/elements/rate-picker/rate-results.model.ts',
      'src/elements/rate-picker/service-options.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(?!\\./(rate-results\\.model|service-options)\\.js$|\\.\\./\\.\\./shipping/quote-ranking\\.js$)',
              allowTypeImports: true,
              message:
                "rate-picker's quotes import types only (and their model, the options' checks and the ranking); take what they run with from RateResultsKit.",
            },
          ],
        },
      ],
    },
  },
  {
    // label-batch's actions (the purchase, the orders read again after it, "Refresh rates for …" and
    // the label files) are loaded with import() on the first press that needs them and run with what
    // the element hands them (`BatchActionsKit`); besides types they import only one another (their
    // English text too), the label files, which the element does not import, and the booking, which
    // imports nothing itself.
    files: [
      'src/elements/label-batch/batch-actions.ts',
      'src/elements/label-batch/batch-actions.messages.ts',
      'src/elements/label-batch/batch-booking.ts',
      'src/elements/label-batch/batch-checks.ts',
      'src/elements/label-batch/batch-files.ts',
      'src/elements/label-batch/batch-refresh.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(?!\\./batch-(actions\\.messages|booking|checks|files|refresh)\\.js$|\\.\\./\\.\\./shared/label-files\\.js$|\\.\\./\\.\\./shipping/booking\\.js$)',
              allowTypeImports: true,
              message:
                "label-batch's actions import types only (and one another, the label files and the booking); take what they run with from BatchActionsKit.",
            },
          ],
        },
      ],
    },
  },
  {
    // label-batch's view of rates (the controls, the table, "Buy labels") is loaded with import()
    // with the first rates request and runs with what the element hands it (`BatchRatesKit`);
    // besides types it imports only its model, English text and styles, and the quote ranking,
    // which the element does not import.
    files: [
      'src/elements/label-batch/batch-rates.ts',
      'src/elements/label-batch/batch-rates.model.ts',
      'src/elements/label-batch/batch-rates.messages.ts',
      'src/elements/label-batch/batch-rates.styles.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(?!\\./batch-rates\\.(model|messages|styles)\\.js$|\\.\\./\\.\\./shipping/quote-ranking\\.js$)',
              allowTypeImports: true,
              message:
                "label-batch's view of rates imports types only (and its model, text and styles, and the ranking); take what it runs with from BatchRatesKit.",
            },
          ],
        },
      ],
    },
  },
  {
    // The label store is loaded with import() by the elements that buy labels, and label-storage.ts
    // is what they, the host and the loader import without it: plain TypeScript on the raw
    // IndexedDB API, no Lit, no element, nothing of the client but its types.
    files: ['src/shipping/label-store.ts', 'src/shipping/label-storage.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['lit', 'lit/*', '@lit/*'], message: 'The label store holds no Lit.' },
            { group: ['**/elements/**'], message: 'The label store imports no element code.' },
            {
              group: ['**/api/**', '**/shared/**', '**/auth/**'],
              allowTypeImports: true,
              message: 'The label store imports types only from the client and shared/.',
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
