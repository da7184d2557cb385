/**
 * The demo's language and theme, shared by the main page and the single-element pages: chosen
 * with `?lang=` / `?theme=` in the address or a switch, and remembered in this browser.
 */
import '../src/locales/de.js';
import '../src/locales/es.js';
import '../src/locales/fr.js';
import { demoLanguage, translatePage } from './texts.js';
import type { DemoLanguage } from './texts.js';

const LOCALE_KEY = 'commerce-ops-demo-locale';
const THEME_KEY = 'commerce-ops-demo-theme';

export function applyLocale(locale: string): DemoLanguage {
  const language = demoLanguage(locale);
  document.documentElement.lang = language;
  localStorage.setItem(LOCALE_KEY, language);
  translatePage(language);
  return language;
}

const darkScheme = matchMedia('(prefers-color-scheme: dark)');
let followingSystem = false;

/** The colours in force: `dark` or `light`, the browser's for `system`. */
function schemeOf(theme: string): 'dark' | 'light' {
  if (theme === 'dark' || theme === 'light') return theme;
  return darkScheme.matches ? 'dark' : 'light';
}

/** `light`, `dark`, or `system` (the default: the browser's preference, followed as it changes). */
export function applyTheme(theme: string): string {
  const chosen = theme === 'dark' || theme === 'light' ? theme : 'system';
  document.documentElement.dataset['theme'] = schemeOf(chosen);
  localStorage.setItem(THEME_KEY, chosen);
  followingSystem = chosen === 'system';
  return chosen;
}

darkScheme.addEventListener('change', () => {
  if (followingSystem) document.documentElement.dataset['theme'] = schemeOf('system');
});

/** The language and theme asked for in the address, else the ones chosen last. */
export function initialSettings(): { locale: string; theme: string } {
  const query = new URLSearchParams(location.search);
  return {
    locale: query.get('lang') ?? localStorage.getItem(LOCALE_KEY) ?? 'en',
    theme: query.get('theme') ?? localStorage.getItem(THEME_KEY) ?? 'system',
  };
}

function option(value: string, text: string, lang?: string): HTMLOptionElement {
  const element = new Option(text, value);
  if (lang) element.lang = lang;
  else element.dataset['text'] = value;
  return element;
}

function labelled(key: string, select: HTMLSelectElement): HTMLLabelElement {
  const label = document.createElement('label');
  const text = document.createElement('span');
  text.dataset['text'] = key;
  label.append(text, ' ', select);
  return label;
}

/**
 * The bar of a single-element page: a link back to the main page, and the main page's language
 * and theme switches.
 */
export function addPageBar(): void {
  const bar = document.createElement('nav');
  bar.className = 'page-bar';
  bar.dataset['textAriaLabel'] = 'settings';
  const back = document.createElement('a');
  back.href = './';
  back.dataset['text'] = 'allDemos';
  const locale = document.createElement('select');
  locale.append(
    option('en', 'English', 'en'),
    option('de', 'Deutsch', 'de'),
    option('fr', 'Français', 'fr'),
    option('es', 'Español', 'es'),
  );
  const theme = document.createElement('select');
  theme.append(option('system', 'System'), option('light', 'Light'), option('dark', 'Dark'));
  bar.append(back, labelled('language', locale), labelled('theme', theme));
  document.querySelector('main')?.prepend(bar);

  const initial = initialSettings();
  locale.value = applyLocale(initial.locale);
  theme.value = applyTheme(initial.theme);
  locale.addEventListener('change', () => applyLocale(locale.value));
  theme.addEventListener('change', () => applyTheme(theme.value));
}
