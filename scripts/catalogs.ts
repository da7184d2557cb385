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
 * Each messages module's English catalog: `src/shared/messages.ts` and `src/elements/<tag>/<tag>.messages.ts`,
 * with the English a module loaded on demand brings for keys of the same namespace: a plain object
 * exported by another `*.messages.ts` of the element's folder (label-batch's `ACTIONS_EN`).
 */
export async function englishCatalogs(): Promise<Map<string, Catalog>> {
  const modules: [string, string][] = [['common', 'src/shared/messages.ts']];
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
    if (found.length !== 1 || !found[0]) throw new Error(`${file} should export one catalog`);
    const catalog = { ...found[0]({ tag: 'en', language: 'en' }) };
    if (namespace !== 'common') Object.assign(catalog, ...(await onDemandEnglish(namespace)));
    catalogs.set(namespace, catalog);
  }
  return catalogs;
}

/** The English objects the other `*.messages.ts` modules of the element `tag`'s folder export. */
async function onDemandEnglish(tag: string): Promise<Catalog[]> {
  const folder = join(projectRoot, 'src/elements', tag);
  const files = readdirSync(folder).filter(
    (file) => file.endsWith('.messages.ts') && file !== `${tag}.messages.ts`,
  );
  const found: Catalog[] = [];
  for (const file of files.sort()) {
    const exported = (await import(pathToFileURL(join(folder, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (value !== null && typeof value === 'object') found.push(value as Catalog);
    }
  }
  return found;
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
