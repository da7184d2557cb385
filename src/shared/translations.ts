/**
 * Registering a translation: what translation packs (src/locales/) and a page's own script call,
 * beside the messages every element reads (locale.ts), so an element's code does not carry it.
 */
import { languageOf, translationSlot } from './locale.js';
import type { PartialTranslation } from './locale.js';

/** Messages of one namespace as registered: own keys only, on a null-prototype object. */
type Registered = Record<string, unknown>;

/**
 * Registers `translation` for `language` (a tag such as `fr`; only its primary language subtag
 * counts, so `fr` serves `fr-CA` too). Keys of an earlier registration for the same language
 * stay unless `translation` gives them again. Elements already on the page render again in it.
 */
export function registerTranslation(language: string, translation: PartialTranslation): void {
  const canonical = Intl.getCanonicalLocales(language.trim())[0];
  if (!canonical) throw new RangeError(`Not a language tag: ${JSON.stringify(language)}`);
  const primary = languageOf(canonical);
  const shared = translationSlot();
  let namespaces = shared.translations.get(primary);
  if (!namespaces) {
    namespaces = new Map();
    shared.translations.set(primary, namespaces);
  }
  const given = translation as Record<string, unknown>;
  for (const namespace of Object.keys(given)) {
    const messages = given[namespace];
    if (messages === null || typeof messages !== 'object') continue;
    const registered = namespaces.get(namespace) ?? (Object.create(null) as Registered);
    for (const key of Object.keys(messages)) registered[key] = (messages as Registered)[key];
    namespaces.set(namespace, registered);
  }
  shared.version += 1;
  for (const notify of [...shared.listeners]) notify();
}
