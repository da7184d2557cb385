/**
 * The demo page's own text in each language of its language switch. The elements translate
 * themselves (their packs are imported by app.ts); this is the text around them. Markup names a
 * text with `data-text="key"` (its text content) or `data-text-aria-label="key"`.
 */

export const DEMO_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type DemoLanguage = (typeof DEMO_LANGUAGES)[number];

const en = {
  tagline: 'Shipping and inventory tasks, embedded in your own admin pages.',
  settings: 'Demo settings',
  language: 'Language',
  theme: 'Theme',
  system: 'System',
  light: 'Light',
  dark: 'Dark',
  data: 'Data',
  sandbox: 'Built-in sandbox',
  live: 'Live API through a proxy',
  liveHeading: 'Live API',
  liveIntro:
    'Point the elements at your own proxy (see “Production set-up” in the README). The proxy adds your API key or token on the server; this page never asks for one and stores nothing.',
  proxyUrl: 'Proxy base URL',
  useApi: 'Use this API',
  connecting: 'Connecting to the sandbox…',
  shipHeading: 'Ship an order',
  shipIntro:
    'Pick an order: allocate stock to a warehouse, compare carrier rates, buy the label and download it.',
  listingsHeading: 'Link store listings',
  listingsIntro: 'Listings can be created in custom integration stores.',
  moreHeading: 'One element at a time',
  moreIntro: 'Each element on a page of its own, with its events logged.',
  allocationPage: 'allocation-form beside an order-card',
  shippingPage: 'rate-picker and label-downloader',
  batchPage: 'label-batch: labels for orders ticked in an order-list',
  pickPage: 'pick-list: what to pick for the orders ticked in an order-list',
  pickTicked: 'Pick list for the ticked orders',
  connectPage: 'connect-account: OAuth sign-in in a popup',
  eventsHeading: 'Events',
  eventsIntro: 'What the elements told the page, newest first.',
  sandboxAt: (url: string) => `Sandbox at ${url}`,
  liveAt: (host: string) => `Live API at ${host}`,
  signedIn: (source: string, user: string) => `${source}: signed in as ${user}`,
  unknownUser: 'unknown',
  badUrl: 'Enter the full URL of your proxy, starting with https://',
  using: (url: string) => `Using ${url}`,
  logOrder: (order: string) => `order ${order}`,
  logAllocation: (id: string) => `allocation ${id}`,
  logStock: (sellable: string, warehouse: string, onHand: string) =>
    `sellable ${sellable} at ${warehouse}: ${onHand} on hand`,
  logTracking: (tracking: string, format: string) => `tracking ${tracking} (${format})`,
  logChecked: (count: number) => `${count} ${plural(count, 'en') === 'one' ? 'order' : 'orders'} checked`,
  allDemos: '← All demos',
  noEvents: 'No events yet.',
};

type DemoTexts = typeof en;

/** The plural category of `count` in `language` ("one", "other", …). */
function plural(count: number, language: DemoLanguage): Intl.LDMLPluralRule {
  return new Intl.PluralRules(language).select(count);
}

const texts: Record<DemoLanguage, DemoTexts> = {
  en,
  de: {
    tagline: 'Versand- und Lageraufgaben, eingebettet in Ihre eigenen Verwaltungsseiten.',
    settings: 'Einstellungen der Demo',
    language: 'Sprache',
    theme: 'Design',
    system: 'System',
    light: 'Hell',
    dark: 'Dunkel',
    data: 'Daten',
    sandbox: 'Eingebaute Sandbox',
    live: 'Echte API über einen Proxy',
    liveHeading: 'Echte API',
    liveIntro:
      'Richten Sie die Elemente auf Ihren eigenen Proxy (siehe „Production set-up“ im README). Der Proxy fügt Ihren API-Schlüssel oder Token auf dem Server hinzu; diese Seite fragt nie danach und speichert nichts.',
    proxyUrl: 'Basis-URL des Proxys',
    useApi: 'Diese API verwenden',
    connecting: 'Verbindung zur Sandbox …',
    shipHeading: 'Eine Bestellung versenden',
    shipIntro:
      'Wählen Sie eine Bestellung: Bestand einem Lager zuweisen, Versandtarife vergleichen, das Etikett kaufen und herunterladen.',
    listingsHeading: 'Shop-Angebote verknüpfen',
    listingsIntro: 'Angebote lassen sich in Shops vom Typ „Custom Integration“ anlegen.',
    moreHeading: 'Ein Element nach dem anderen',
    moreIntro: 'Jedes Element auf einer eigenen Seite, mit seinen Ereignissen im Protokoll.',
    allocationPage: 'allocation-form neben einer order-card',
    shippingPage: 'rate-picker und label-downloader',
    batchPage: 'label-batch: Etiketten für die in einer order-list angehakten Bestellungen',
    pickPage: 'pick-list: was für die in einer order-list angehakten Bestellungen zu picken ist',
    pickTicked: 'Pickliste für die angehakten Bestellungen',
    connectPage: 'connect-account: OAuth-Anmeldung in einem Popup',
    eventsHeading: 'Ereignisse',
    eventsIntro: 'Was die Elemente der Seite gemeldet haben, das Neueste zuerst.',
    sandboxAt: (url) => `Sandbox unter ${url}`,
    liveAt: (host) => `Echte API unter ${host}`,
    signedIn: (source, user) => `${source}: angemeldet als ${user}`,
    unknownUser: 'unbekannt',
    badUrl: 'Geben Sie die vollständige URL Ihres Proxys ein, beginnend mit https://',
    using: (url) => `Verwendet wird ${url}`,
    logOrder: (order) => `Bestellung ${order}`,
    logChecked: (count) =>
      `${count} ${plural(count, 'de') === 'one' ? 'Bestellung' : 'Bestellungen'} angehakt`,
    logAllocation: (id) => `Zuweisung ${id}`,
    logStock: (sellable, warehouse, onHand) => `Variante ${sellable} in ${warehouse}: ${onHand} vorhanden`,
    logTracking: (tracking, format) => `Sendungsnummer ${tracking} (${format})`,
    allDemos: '← Alle Demos',
    noEvents: 'Noch keine Ereignisse.',
  },
  fr: {
    tagline: 'Expédition et stock, intégrés à vos propres pages d’administration.',
    settings: 'Réglages de la démo',
    language: 'Langue',
    theme: 'Thème',
    system: 'Système',
    light: 'Clair',
    dark: 'Sombre',
    data: 'Données',
    sandbox: 'Bac à sable intégré',
    live: 'API réelle via un proxy',
    liveHeading: 'API réelle',
    liveIntro:
      'Dirigez les éléments vers votre propre proxy (voir « Production set-up » dans le README). Le proxy ajoute votre clé d’API ou votre jeton côté serveur ; cette page ne les demande jamais et n’enregistre rien.',
    proxyUrl: 'URL de base du proxy',
    useApi: 'Utiliser cette API',
    connecting: 'Connexion au bac à sable…',
    shipHeading: 'Expédier une commande',
    shipIntro:
      'Choisissez une commande : affectez le stock à un entrepôt, comparez les tarifs des transporteurs, achetez l’étiquette et téléchargez-la.',
    listingsHeading: 'Lier les annonces des boutiques',
    listingsIntro: 'Les annonces se créent dans les boutiques de type « intégration personnalisée ».',
    moreHeading: 'Un élément à la fois',
    moreIntro: 'Chaque élément sur sa propre page, avec le journal de ses événements.',
    allocationPage: 'allocation-form à côté d’une order-card',
    shippingPage: 'rate-picker et label-downloader',
    batchPage: 'label-batch : étiquettes des commandes cochées dans une order-list',
    pickPage: 'pick-list : ce qu’il faut préparer pour les commandes cochées dans une order-list',
    pickTicked: 'Liste de préparation des commandes cochées',
    connectPage: 'connect-account : connexion OAuth dans une fenêtre',
    eventsHeading: 'Événements',
    eventsIntro: 'Ce que les éléments ont signalé à la page, les plus récents d’abord.',
    sandboxAt: (url) => `Bac à sable sur ${url}`,
    liveAt: (host) => `API réelle sur ${host}`,
    signedIn: (source, user) => `${source} : connecté en tant que ${user}`,
    unknownUser: 'inconnu',
    badUrl: 'Saisissez l’URL complète de votre proxy, commençant par https://',
    using: (url) => `Utilisation de ${url}`,
    logOrder: (order) => `commande ${order}`,
    logChecked: (count) =>
      `${count} ${plural(count, 'fr') === 'one' ? 'commande cochée' : 'commandes cochées'}`,
    logAllocation: (id) => `affectation ${id}`,
    logStock: (sellable, warehouse, onHand) => `variante ${sellable} à ${warehouse} : ${onHand} en stock`,
    logTracking: (tracking, format) => `suivi ${tracking} (${format})`,
    allDemos: '← Toutes les démos',
    noEvents: 'Aucun événement pour l’instant.',
  },
  es: {
    tagline: 'Envíos e inventario, integrados en sus propias páginas de administración.',
    settings: 'Ajustes de la demo',
    language: 'Idioma',
    theme: 'Tema',
    system: 'Sistema',
    light: 'Claro',
    dark: 'Oscuro',
    data: 'Datos',
    sandbox: 'Sandbox integrado',
    live: 'API real a través de un proxy',
    liveHeading: 'API real',
    liveIntro:
      'Dirija los elementos a su propio proxy (vea «Production set-up» en el README). El proxy añade su clave de API o su token en el servidor; esta página nunca los pide y no guarda nada.',
    proxyUrl: 'URL base del proxy',
    useApi: 'Usar esta API',
    connecting: 'Conectando con el sandbox…',
    shipHeading: 'Enviar un pedido',
    shipIntro:
      'Elija un pedido: asigne stock a un almacén, compare tarifas de transportistas, compre la etiqueta y descárguela.',
    listingsHeading: 'Vincular anuncios de tiendas',
    listingsIntro: 'Los anuncios se pueden crear en tiendas de tipo «integración personalizada».',
    moreHeading: 'Un elemento cada vez',
    moreIntro: 'Cada elemento en su propia página, con el registro de sus eventos.',
    allocationPage: 'allocation-form junto a una order-card',
    shippingPage: 'rate-picker y label-downloader',
    batchPage: 'label-batch: etiquetas de los pedidos marcados en una order-list',
    pickPage: 'pick-list: qué preparar para los pedidos marcados en una order-list',
    pickTicked: 'Lista de preparación de los pedidos marcados',
    connectPage: 'connect-account: inicio de sesión OAuth en una ventana emergente',
    eventsHeading: 'Eventos',
    eventsIntro: 'Lo que los elementos comunicaron a la página, lo más reciente primero.',
    sandboxAt: (url) => `Sandbox en ${url}`,
    liveAt: (host) => `API real en ${host}`,
    signedIn: (source, user) => `${source}: sesión iniciada como ${user}`,
    unknownUser: 'desconocido',
    badUrl: 'Introduzca la URL completa de su proxy, empezando por https://',
    using: (url) => `Usando ${url}`,
    logOrder: (order) => `pedido ${order}`,
    logChecked: (count) =>
      `${count} ${plural(count, 'es') === 'one' ? 'pedido marcado' : 'pedidos marcados'}`,
    logAllocation: (id) => `asignación ${id}`,
    logStock: (sellable, warehouse, onHand) => `variante ${sellable} en ${warehouse}: ${onHand} en stock`,
    logTracking: (tracking, format) => `seguimiento ${tracking} (${format})`,
    allDemos: '← Todas las demos',
    noEvents: 'Todavía no hay eventos.',
  },
};

/** The language of the switch for a `lang` value (`de-AT` → `de`), English when there is none. */
export function demoLanguage(lang: string): DemoLanguage {
  const primary = lang.split('-')[0]?.toLowerCase() ?? 'en';
  return (DEMO_LANGUAGES as readonly string[]).includes(primary) ? (primary as DemoLanguage) : 'en';
}

/** The demo's texts in the document's language. */
export function demoTexts(): DemoTexts {
  return texts[demoLanguage(document.documentElement.lang)];
}

/** Puts the page's marked texts into `language`. */
export function translatePage(language: DemoLanguage): void {
  const chosen = texts[language] as Record<string, unknown>;
  for (const element of document.querySelectorAll<HTMLElement>('[data-text]')) {
    const value = chosen[element.dataset['text'] ?? ''];
    if (typeof value === 'string') element.textContent = value;
  }
  for (const element of document.querySelectorAll<HTMLElement>('[data-text-aria-label]')) {
    const value = chosen[element.dataset['textAriaLabel'] ?? ''];
    if (typeof value === 'string') element.setAttribute('aria-label', value);
  }
}
