/**
 * Locale resolution and the message catalog.
 *
 * Each element can sit under its own `lang` (a German admin section inside an English page), so
 * the locale is resolved per element from the nearest `lang` attribute, crossing shadow roots,
 * and falling back to the document. A page-wide runtime locale, as `@lit/localize` keeps, cannot
 * express that.
 *
 * The library carries English only. Other languages are translation packs registered on demand
 * with `registerTranslation(language, translation)` (German ships as `locales/de.js`); a key a
 * pack does not translate is shown in English.
 */
import { isServer } from 'lit-html/is-server.js';

export interface ResolvedLocale {
  /** BCP 47 tag used for `Intl` formatting, e.g. `de-DE`. */
  readonly tag: string;
  /** Lower-case primary language subtag of `tag`, e.g. `de`: the translation used. */
  readonly language: string;
}

type Message = string | ((...args: never[]) => string);
export type Messages = Record<string, Message>;

/**
 * Every namespace of messages with its English keys and parameter lists. Empty here: each
 * messages module adds its own namespace by declaration merging (`declare module
 * '…/shared/locale.js' { interface Translation { 'order-card': OrderCardMessages } }`), as the
 * event map works, so shared code never imports an element and a new element edits nothing here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Translation {}

/** What `registerTranslation` takes: any namespaces, any of their keys. */
export type PartialTranslation = { [N in keyof Translation]?: Partial<Translation[N]> };

/** Messages of one namespace as registered: own keys only, on a null-prototype object. */
type Registered = Record<string, unknown>;

/**
 * The registry of translations and the `lang` listeners. It lives on `globalThis` under a
 * registered symbol, so two copies of the library on one page, or a translation pack bundled
 * with its own copy of this module, share one registry and reach every element on the page.
 */
export interface TranslationSlot {
  /** language → namespace → messages. */
  readonly translations: Map<string, Map<string, Registered>>;
  /** Raised by every registration, so every copy drops the messages it merged before. */
  version: number;
  /** Called when a `lang` attribute changes or a translation is registered. */
  readonly listeners: Set<() => void>;
  /** The one observer of `lang` attributes, present while there are listeners. */
  observer: MutationObserver | undefined;
}

const SLOT = Symbol.for('commerce-ops-elements.translations');

/** The registry this copy of the library shares with every other on the page. */
export function translationSlot(): TranslationSlot {
  const holder = globalThis as unknown as Record<symbol, TranslationSlot | undefined>;
  return (holder[SLOT] ??= {
    translations: new Map(),
    version: 0,
    listeners: new Set(),
    observer: undefined,
  });
}

/** English `en`, key by key overridden by what `registered` translates with a value of the same kind. */
function merge<T extends Messages>(en: T, registered: Registered): T {
  const merged = Object.assign(Object.create(null) as T, en);
  for (const key of Object.keys(en)) {
    if (!Object.hasOwn(registered, key)) continue;
    const value = registered[key];
    if (typeof value === typeof en[key]) (merged as Registered)[key] = value;
  }
  return merged;
}

/**
 * The messages of `namespace`: `en`, merged per key with the translation registered for the
 * locale's language. Merged objects are kept per language until a translation is registered.
 */
export function defineMessages<N extends keyof Translation>(
  namespace: N,
  en: Translation[N] & Messages,
): (locale: ResolvedLocale) => Translation[N] {
  type T = Translation[N] & Messages;
  const merged = new Map<string, T>();
  let version = -1;
  return (locale) => {
    const shared = translationSlot();
    if (version !== shared.version) {
      merged.clear();
      version = shared.version;
    }
    let messages = merged.get(locale.language);
    if (!messages) {
      const registered = shared.translations.get(locale.language)?.get(namespace);
      messages = registered ? merge(en, registered) : en;
      merged.set(locale.language, messages);
    }
    return messages;
  };
}

/** `fr` of `fr-CA`. */
export function languageOf(canonical: string): string {
  return canonical.split('-')[0]?.toLowerCase() || 'en';
}

const FALLBACK: ResolvedLocale = { tag: 'en', language: 'en' };

/**
 * Each tag read as it was the first time, with its region: an element resolves its locale on every
 * update, and a page has few tags.
 */
const readTags = new Map<string, { locale: ResolvedLocale; region: string | undefined }>();

function readTag(trimmed: string): { locale: ResolvedLocale; region: string | undefined } {
  let read = readTags.get(trimmed);
  if (!read) {
    try {
      const canonical = Intl.getCanonicalLocales(trimmed)[0] ?? 'en';
      const locale = { tag: canonical, language: languageOf(canonical) };
      read = { locale, region: new Intl.Locale(canonical).region };
    } catch {
      read = { locale: FALLBACK, region: undefined };
    }
    readTags.set(trimmed, read);
  }
  return read;
}

export function toResolvedLocale(tag: string | null | undefined): ResolvedLocale {
  const trimmed = tag?.trim();
  return trimmed ? readTag(trimmed).locale : FALLBACK;
}

/**
 * The one locale of an element tree: the nearest `lang` (its own, an ancestor's, through shadow
 * roots), else the document's, else the browser's. Every element under it formats dates, money and
 * numbers alike, whatever the currency or country of what it shows. A bare language (`en`) takes
 * the region of the page's locale when that is the same language with one (`en-GB`); a tag with a
 * region (`en-US`, `fr-CA`) keeps its own.
 */
export function resolveLocale(node: Element): ResolvedLocale {
  if (isServer) return serverLocale(node);
  let current: Element | null = node;
  let lang: string | null = null;
  while (current && !(lang = current.getAttribute('lang'))) {
    const root = current.getRootNode();
    current = current.parentElement ?? (root instanceof ShadowRoot ? root.host : null);
  }
  const page = toResolvedLocale(document.documentElement.getAttribute('lang') || navigator.language);
  const own = lang ? toResolvedLocale(lang) : page;
  return own.language === page.language && !regionOf(own) ? page : own;
}

/** What `@lit-labs/ssr` keeps of an element's place: the custom element whose shadow root it is in. */
interface ServerRendered {
  __host?: Element;
}

/**
 * A server render has no document or browser to ask, and no tree but its custom elements: the
 * nearest `lang` on the element or the elements whose shadow roots hold it, else English. The
 * browser resolves it again as the element hydrates.
 */
function serverLocale(node: Element): ResolvedLocale {
  for (let current: Element | undefined = node; current; current = (current as ServerRendered).__host) {
    const lang = current.getAttribute('lang');
    if (lang) return toResolvedLocale(lang);
  }
  return FALLBACK;
}

function regionOf(locale: ResolvedLocale): string | undefined {
  return readTag(locale.tag).region;
}

type LangListener = () => void;

/**
 * Calls `listener` whenever a `lang` attribute changes anywhere in the document or a
 * translation is registered. One observer serves every element on the page.
 */
export function onLangChange(listener: LangListener): () => void {
  const shared = translationSlot();
  shared.listeners.add(listener);
  if (!shared.observer) {
    const observer = new MutationObserver(() => {
      for (const notify of [...shared.listeners]) notify();
    });
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['lang'],
      subtree: true,
    });
    shared.observer = observer;
  }
  return () => {
    shared.listeners.delete(listener);
    if (shared.listeners.size === 0 && shared.observer) {
      shared.observer.disconnect();
      shared.observer = undefined;
    }
  };
}
