/**
 * The English message catalogs of the sources, by namespace (`common` and each element's tag), as
 * the elements use them: for the checks that compare translation packs and rendered pages with
 * them (test/node/locales.test.ts, scripts/pack-check.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './elements.js';

export type Catalog = Record<string, unknown>;

interface Locale {
  tag: string;
  language: string;
}

/** The namespace a messages module defines: the first argument of its `defineMessages(…)`. */
function namespaceOf(source: string, file: string): string {
  const namespace = /defineMessages\(\s*'([^']+)'/.exec(source)?.[1];
  if (!namespace) throw new Error(`${file} defines no messages`);
  return namespace;
}

/**
 * Each messages module's English catalog, by namespace: `src/shared/messages.ts`, the session's
 * texts (the refusals of a role, `roles.messages.ts`, and `limits.messages.ts`) and every
 * `*.messages.ts` of `src/elements/<tag>/` (an element's own, and the namespace of a part of it
 * that has its text apart, as order-card's editors do).
 */
export async function englishCatalogs(): Promise<Map<string, Catalog>> {
  const files = [
    'src/shared/messages.ts',
    'src/shared/roles.messages.ts',
    'src/shared/limits.messages.ts',
    ...readdirSync(join(projectRoot, 'src/elements'))
      .sort()
      .flatMap((tag) =>
        readdirSync(join(projectRoot, 'src/elements', tag))
          .filter((name) => name.endsWith('.messages.ts'))
          .sort()
          .map((name) => `src/elements/${tag}/${name}`),
      ),
  ];
  const catalogs = new Map<string, Catalog>();
  for (const file of files) {
    const path = join(projectRoot, file);
    const namespace = namespaceOf(readFileSync(path, 'utf8'), file);
    const exported = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    const found = Object.values(exported).filter(
      (value): value is (locale: Locale) => Catalog => typeof value === 'function',
    );
    const [made] = found;
    if (!made || found.length !== 1) throw new Error(`${file} should export one catalog`);
    catalogs.set(namespace, { ...catalogs.get(namespace), ...made({ tag: 'en', language: 'en' }) });
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
