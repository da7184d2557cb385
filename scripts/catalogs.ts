/**
 * The English message catalogs of the sources, by namespace (`common` and each element's tag), as
 * the elements use them: for the checks that compare translation packs and rendered pages with
 * them (test/node/locales.test.ts, scripts/pack-check.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './elements.js';

export type Catalog = Record<string, unknown>;

interface Locale {
  tag: string;
  language: string;
}

/**
 * English text of an element's namespace kept out of its messages module, in modules loaded on
 * demand with what shows it (each exporting it as `en`): rate-picker's quotes, loaded with the
 * first rates; label-batch's view of rates, loaded with its first rates, and its actions, loaded on
 * the first press that needs them.
 */
const TEXT_LOADED_ON_DEMAND: Record<string, string[]> = {
  'rate-picker': ['src/elements/rate-picker/rate-results.model.ts'],
  'label-batch': [
    'src/elements/label-batch/batch-rates.messages.ts',
    'src/elements/label-batch/batch-actions.messages.ts',
  ],
};

/**
 * Each messages module's English catalog: `src/shared/messages.ts`, the session's texts (the
 * refusals of a role, which come with the session's reader, `session-read.ts`, as `en`, and
 * `limits.messages.ts`) and
 * `src/elements/<tag>/<tag>.messages.ts`, with the English of `TEXT_LOADED_ON_DEMAND`.
 */
export async function englishCatalogs(): Promise<Map<string, Catalog>> {
  const modules: [string, string][] = [
    ['common', 'src/shared/messages.ts'],
    ['roles', 'src/shared/session-read.ts'],
    ['limits', 'src/shared/limits.messages.ts'],
  ];
  for (const tag of readdirSync(join(projectRoot, 'src/elements')).sort()) {
    const file = `src/elements/${tag}/${tag}.messages.ts`;
    if (existsSync(join(projectRoot, file))) modules.push([tag, file]);
  }
  const catalogs = new Map<string, Catalog>();
  for (const [namespace, file] of modules) {
    const exported = (await import(pathToFileURL(join(projectRoot, file)).href)) as Record<string, unknown>;
    const found = Object.values(exported).filter(
      (value): value is (locale: Locale) => Catalog => typeof value === 'function',
    );
    const given = exported['en'];
    let catalog: Catalog;
    const [made] = found;
    if (made && found.length === 1) catalog = { ...made({ tag: 'en', language: 'en' }) };
    // The session's reader gives its English as `en`, beside the functions it runs.
    else if (given && typeof given === 'object') catalog = { ...(given as Catalog) };
    else throw new Error(`${file} should export one catalog`);
    for (const onDemand of TEXT_LOADED_ON_DEMAND[namespace] ?? []) {
      const { en } = (await import(pathToFileURL(join(projectRoot, onDemand)).href)) as { en?: Catalog };
      if (!en) throw new Error(`${onDemand} should export its English text as en`);
      Object.assign(catalog, en);
    }
    catalogs.set(namespace, catalog);
  }
  return catalogs;
}

const SENTINEL = '\u0001';

/**
 * Matchers for the English text a page may show: each message text as it is, and each message
 * function's text with its arguments as wildcards (`Order ${number}` → /^Order .+$/). Texts with no
 * word of their own (`${author}, ${time}`) are left out, and so are texts `sameIn` says a
 * translation gives unchanged.
 */
export function englishMatchers(
  catalogs: Map<string, Catalog>,
  sameIn: (namespace: string, key: string, text: string) => boolean,
): { name: string; pattern: RegExp }[] {
  const matchers: { name: string; pattern: RegExp }[] = [];
  for (const [namespace, catalog] of catalogs) {
    for (const [key, value] of Object.entries(catalog)) {
      let text: string;
      if (typeof value === 'string') {
        text = value;
      } else if (typeof value === 'function') {
        const args = Array.from({ length: value.length }, () => SENTINEL);
        text = String((value as (...args: string[]) => unknown)(...args));
      } else {
        continue;
      }
      const words =
        text
          .split(SENTINEL)
          .join(' ')
          .match(/\p{L}{2,}/gu) ?? [];
      if (words.length === 0 || sameIn(namespace, key, text)) continue;
      const source = text
        .split(SENTINEL)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+?');
      matchers.push({ name: `${namespace}.${key}`, pattern: new RegExp(`^${source}$`) });
    }
  }
  return matchers;
}
