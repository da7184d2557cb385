/**
 * Locale resolution and the message catalog.
 *
 * Each element can sit under its own `lang` (a German admin section inside an English page), so
 * the locale is resolved per element from the nearest `lang` attribute, crossing shadow roots,
 * and falling back to the document. A page-wide runtime locale, as `@lit/localize` keeps, cannot
 * express that. Catalogs are typed: a German catalog missing an English key does not compile.
 */
export type CatalogLocale = 'en' | 'de';

export interface ResolvedLocale {
  /** BCP 47 tag used for `Intl` formatting, e.g. `de-DE`. */
  readonly tag: string;
  /** The catalog the tag maps to. */
  readonly catalog: CatalogLocale;
}

type Message = string | ((...args: never[]) => string);
export type Messages = Record<string, Message>;

/** Same keys and the same parameter lists in every language. */
export interface Catalog<T extends Messages> {
  en: T;
  de: { [K in keyof T]: T[K] };
}

export function defineMessages<T extends Messages>(catalog: Catalog<T>): (locale: ResolvedLocale) => T {
  return (locale) => catalog[locale.catalog];
}

const FALLBACK: ResolvedLocale = { tag: 'en', catalog: 'en' };

export function toResolvedLocale(tag: string | null | undefined): ResolvedLocale {
  const trimmed = tag?.trim();
  if (!trimmed) return FALLBACK;
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(trimmed)[0] ?? 'en';
  } catch {
    return FALLBACK;
  }
  const language = canonical.split('-')[0]?.toLowerCase();
  return { tag: canonical, catalog: language === 'de' ? 'de' : 'en' };
}

/** The `lang` in force for a node: its own, an ancestor's (through shadow roots) or the document's. */
export function resolveLocale(node: Element): ResolvedLocale {
  let current: Element | null = node;
  while (current) {
    const lang = current.getAttribute('lang');
    if (lang) return toResolvedLocale(lang);
    if (current.parentElement) {
      current = current.parentElement;
    } else {
      const root = current.getRootNode();
      current = root instanceof ShadowRoot ? root.host : null;
    }
  }
  return toResolvedLocale(document.documentElement.getAttribute('lang'));
}

type LangListener = () => void;
const langListeners = new Set<LangListener>();
let langObserver: MutationObserver | undefined;

/**
 * Calls `listener` whenever a `lang` attribute changes anywhere in the document. One observer
 * serves every element on the page.
 */
export function onLangChange(listener: LangListener): () => void {
  langListeners.add(listener);
  if (!langObserver) {
    langObserver = new MutationObserver(() => {
      for (const notify of [...langListeners]) notify();
    });
    langObserver.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['lang'],
      subtree: true,
    });
  }
  return () => {
    langListeners.delete(listener);
    if (langListeners.size === 0 && langObserver) {
      langObserver.disconnect();
      langObserver = undefined;
    }
  };
}
