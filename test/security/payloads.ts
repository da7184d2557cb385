/**
 * Hostile strings for the injection suites. Every payload that could run script sets
 * `window.__xss` (or `parent.__xss` from a frame) when it runs, so a page that stays clean has
 * no `__xss` at all. They cover what an order, a listing or a carrier's answer could carry if an
 * attacker controlled a customer name, a product title or an error message.
 */

const MARK = 'window.__xss=1';

export interface Payload {
  /** What kind of attack the string tries. */
  family:
    | 'markup'
    | 'attribute breakout'
    | 'url'
    | 'obfuscated url'
    | 'data url'
    | 'template'
    | 'css'
    | 'unicode'
    | 'encoding';
  text: string;
}

export const PAYLOADS: readonly Payload[] = [
  // Markup that runs script when parsed as HTML.
  { family: 'markup', text: `<script>${MARK}</script>` },
  { family: 'markup', text: `<img src=x onerror="${MARK}">` },
  { family: 'markup', text: `<svg onload="${MARK}">` },
  { family: 'markup', text: `<svg><script>${MARK}</script></svg>` },
  { family: 'markup', text: `<svg><animate onbegin="${MARK}" attributeName="x" dur="1s">` },
  { family: 'markup', text: `<iframe src="javascript:${MARK}"></iframe>` },
  { family: 'markup', text: `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>` },
  { family: 'markup', text: `<a href="javascript:${MARK}">open</a>` },
  { family: 'markup', text: `<details open ontoggle="${MARK}">` },
  { family: 'markup', text: `<input autofocus onfocus="${MARK}">` },
  { family: 'markup', text: `<video><source onerror="${MARK}"></video>` },
  { family: 'markup', text: `<object data="javascript:${MARK}"></object>` },
  { family: 'markup', text: `<body onload="${MARK}">` },
  { family: 'markup', text: `<meta http-equiv="refresh" content="0;url=javascript:${MARK}">` },
  { family: 'markup', text: `<base href="javascript:${MARK}//">` },
  { family: 'markup', text: `<math><mtext><table><mglyph><style><img src=x onerror="${MARK}">` },
  { family: 'markup', text: `<noscript><p title="</noscript><img src=x onerror=${MARK}>">` },
  { family: 'markup', text: `<!--<img src="--><img src=x onerror=${MARK}//">` },
  { family: 'markup', text: `<scr<script>ipt>${MARK}</scr</script>ipt>` },
  { family: 'markup', text: `<template><img src=x onerror="${MARK}"></template>` },
  // Breaking out of an attribute, a text area, a title, a select or a script.
  { family: 'attribute breakout', text: `"><img src=x onerror=${MARK}>` },
  { family: 'attribute breakout', text: `'><img src=x onerror=${MARK}>` },
  { family: 'attribute breakout', text: `" onmouseover="${MARK}" x="` },
  { family: 'attribute breakout', text: `</textarea><img src=x onerror=${MARK}>` },
  { family: 'attribute breakout', text: `</title><img src=x onerror=${MARK}>` },
  { family: 'attribute breakout', text: `</option></select><img src=x onerror=${MARK}>` },
  { family: 'attribute breakout', text: `</script><script>${MARK}</script>` },
  { family: 'attribute breakout', text: `';${MARK};//` },
  { family: 'attribute breakout', text: `https://shop.example/a.png" onerror="${MARK}` },
  // URLs a link or an image would run.
  { family: 'url', text: `javascript:${MARK}` },
  { family: 'url', text: `vbscript:${MARK}` },
  { family: 'url', text: `//evil.example/x.png" onload="${MARK}` },
  // The same, disguised by case, whitespace, control characters and entities.
  { family: 'obfuscated url', text: `JaVaScRiPt:${MARK}` },
  { family: 'obfuscated url', text: ` \t javascript:${MARK}` },
  { family: 'obfuscated url', text: `java\tscript:${MARK}` },
  { family: 'obfuscated url', text: `java\nscript:${MARK}` },
  { family: 'obfuscated url', text: `\u0001javascript:${MARK}` },
  { family: 'obfuscated url', text: `&#106;avascript:${MARK}` },
  { family: 'obfuscated url', text: `&#x6A;&#x61;&#x76;&#x61;script&colon;${MARK}` },
  { family: 'obfuscated url', text: `java\u200Bscript:${MARK}` },
  // Documents in data: URLs.
  { family: 'data url', text: `data:text/html,<script>${MARK}</script>` },
  { family: 'data url', text: 'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==' },
  { family: 'data url', text: `DATA:text/html,<img src=x onerror=${MARK}>` },
  {
    family: 'data url',
    text: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0id2luZG93Ll9feHNzPTEiLz4=',
  },
  // Template syntaxes of other frameworks and of JavaScript itself.
  { family: 'template', text: `\${${MARK}}` },
  { family: 'template', text: `{{constructor.constructor('${MARK}')()}}` },
  { family: 'template', text: `#{${MARK}}<%= ${MARK} %>` },
  // Style sheets.
  { family: 'css', text: `background:url(javascript:${MARK})` },
  { family: 'css', text: `</style><style>*{background:url("javascript:${MARK}")}</style>` },
  { family: 'css', text: `width:expression(${MARK})` },
  { family: 'css', text: `<style>@import 'javascript:${MARK}';</style>` },
  // Unicode tricks.
  { family: 'unicode', text: `\u202E<img src=x onerror="${MARK}">` },
  { family: 'unicode', text: `＜script＞${MARK}＜/script＞` },
  { family: 'unicode', text: `\u0000<script>${MARK}</script>` },
  { family: 'unicode', text: `\uFEFF<svg onload=${MARK}>\u2028\u2029` },
  // Already-encoded forms that must stay as written.
  { family: 'encoding', text: `&lt;script&gt;${MARK}&lt;/script&gt;` },
  { family: 'encoding', text: `%3Cscript%3E${MARK}%3C/script%3E` },
  { family: 'encoding', text: `\\u003cscript\\u003e${MARK}\\u003c/script\\u003e` },
  { family: 'encoding', text: `<img src=x onerror=${MARK}>`.repeat(40) },
];

export const PAYLOAD_TEXTS: readonly string[] = PAYLOADS.map((payload) => payload.text);

/**
 * Hands out the payloads in turn from a starting offset, so that over `PAYLOADS.length` rounds
 * (offsets 0, 1, …) every field that asks receives every payload once.
 */
export class PayloadRotation {
  #next: number;
  /** What each field was given, by the JSON member name it replaced. */
  readonly given = new Map<string, string[]>();

  constructor(offset: number) {
    this.#next = offset;
  }

  take(field: string): string {
    const text = PAYLOAD_TEXTS[this.#next % PAYLOAD_TEXTS.length]!;
    this.#next += 1;
    const list = this.given.get(field) ?? [];
    list.push(text);
    this.given.set(field, list);
    return text;
  }
}
