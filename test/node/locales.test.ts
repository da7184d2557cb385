import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { englishCatalogs, type Catalog } from '../../scripts/catalogs.js';
import { GENERIC_MESSAGES } from '../../src/api/error-body.js';

/**
 * The French and Spanish packs against the English catalogs: every namespace and key, each of the
 * same kind (text or function), and nothing left in English. A function is compared by what it
 * returns for the same arguments (0, 1 and 5 for every parameter, and every error code and order
 * status), with the arguments taken out of the text first, so `${quantity} × ${item}` may stay as it
 * is but `Order ${number}` may not.
 */

const LANGUAGES = ['fr', 'es'] as const;

/** Words that are the same in every language the packs cover. */
const SAME_EVERYWHERE = new Set(['PDF', 'ZPL']);

const STATUSES = [
  'awaiting_payment',
  'awaiting_stock',
  'awaiting_fulfillment',
  'shipped',
  'on_hold',
  'cancelled',
  'refunded',
];

type Registry = { translations: Map<string, Map<string, Catalog>> };

const english = new Map<string, Catalog>();
let registry: Registry;

before(async () => {
  for (const [namespace, catalog] of await englishCatalogs()) english.set(namespace, catalog);
  for (const language of LANGUAGES) await import(`../../src/locales/${language}.js`);
  registry = (globalThis as unknown as Record<symbol, Registry>)[
    Symbol.for('commerce-ops-elements.translations')
  ]!;
});

/** Argument lists to call a message function with. */
function argumentSets(namespace: string, key: string, arity: number): unknown[][] {
  if (namespace === 'common' && key === 'errorTitle')
    return Object.keys(GENERIC_MESSAGES).map((code) => [code]);
  if (namespace === 'common' && key === 'status') return STATUSES.map((status) => [status]);
  return [0, 1, 5].map((value) => Array.from({ length: arity }, () => value));
}

/** Whether `text`, said the same in the translation as in English, is still English. */
function isEnglish(text: string, args: unknown[]): boolean {
  let rest = text;
  for (const arg of args) rest = rest.split(String(arg)).join(' ');
  const words = rest.match(/\p{L}+/gu) ?? [];
  return words.some((word) => !SAME_EVERYWHERE.has(word));
}

function problemsOf(language: string): string[] {
  const translated = registry.translations.get(language);
  if (!translated) return [`no pack registered for ${language}`];
  const problems: string[] = [];
  for (const [namespace, en] of english) {
    const messages = translated.get(namespace);
    if (!messages) {
      problems.push(`${namespace}: missing`);
      continue;
    }
    for (const [key, value] of Object.entries(en)) {
      const name = `${namespace}.${key}`;
      const given = messages[key];
      if (given === undefined) {
        problems.push(`${name}: missing`);
      } else if (typeof given !== typeof value) {
        problems.push(`${name}: a ${typeof given}, English has a ${typeof value}`);
      } else if (typeof value === 'string') {
        if (value === given && isEnglish(value, [])) problems.push(`${name}: left in English ("${value}")`);
      } else if (typeof value === 'function' && typeof given === 'function') {
        for (const args of argumentSets(namespace, key, value.length)) {
          const expected = String((value as (...a: unknown[]) => unknown)(...args));
          const actual = String((given as (...a: unknown[]) => unknown)(...args));
          if (actual === '') problems.push(`${name}(${args.join(', ')}): empty`);
          if (actual === expected && isEnglish(actual, args)) {
            problems.push(`${name}(${args.join(', ')}): left in English ("${actual}")`);
          }
        }
      }
    }
    for (const key of Object.keys(messages)) {
      if (!(key in en)) problems.push(`${namespace}.${key}: not an English key`);
    }
  }
  return problems;
}

describe('translation packs', () => {
  for (const language of LANGUAGES) {
    test(`${language}: every namespace and key of the English catalogs, none left in English`, () => {
      assert.ok(english.size >= 8, 'the English catalogs were found');
      assert.deepEqual(problemsOf(language), []);
    });
  }

  test('the check finds English left in a pack', () => {
    const cardFr = registry.translations.get('fr')?.get('order-card');
    assert.ok(cardFr);
    const saved = cardFr['orderHeading'];
    cardFr['orderHeading'] = (number: string) => `Order ${number}`;
    try {
      assert.deepEqual(
        problemsOf('fr').filter((problem) => problem.startsWith('order-card.orderHeading')),
        [
          'order-card.orderHeading(0): left in English ("Order 0")',
          'order-card.orderHeading(1): left in English ("Order 1")',
          'order-card.orderHeading(5): left in English ("Order 5")',
        ],
      );
    } finally {
      cardFr['orderHeading'] = saved;
    }
  });
});
