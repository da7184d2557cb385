/**
 * What the injection suites look for after hostile data was rendered: script that ran (the
 * payloads set `window.__xss`), policy violations, and any trace of markup or URLs that came from
 * the data instead of from the element's own templates.
 */

declare global {
  interface Window {
    __xss?: unknown;
  }
}

/**
 * Every tag the elements' own templates render (plus the print frame and the temporary download
 * link of label-downloader). Anything else found in a shadow root came from data.
 */
const TEMPLATE_TAGS = new Set([
  'a',
  'address',
  'article',
  'br',
  'button',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'form',
  'h2',
  'h3',
  'header',
  'iframe',
  'img',
  'input',
  'label',
  'legend',
  'li',
  'nav',
  'option',
  'p',
  'progress',
  'section',
  'select',
  'span',
  'strong',
  'summary',
  'table',
  'tbody',
  'td',
  'textarea',
  'th',
  'thead',
  'tr',
  'ul',
  // order-card's e-mail address: where it may break (after its @ and dots).
  'wbr',
]);

/** Attributes whose value the browser loads or navigates to. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'data',
  'poster',
  'background',
  'ping',
  'xlink:href',
  'codebase',
  'cite',
]);

const SAFE_IMAGE_DATA = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/;

/** A URL as a browser reads its scheme: control characters and whitespace ignored, any case. */
function schemeView(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200d\ufeff]/g, '').toLowerCase();
}

/** Why a URL-bearing attribute value is dangerous, or undefined when it is a plain web address. */
export function dangerousUrl(name: string, value: string): string | undefined {
  const view = schemeView(value);
  if (view.startsWith('javascript:') || view.startsWith('vbscript:')) return 'script URL';
  if (view.startsWith('data:') && !(name === 'src' && SAFE_IMAGE_DATA.test(view))) return 'data URL';
  return undefined;
}

/** `root` itself, its own shadow root when it is a host, and every shadow root below, nested ones included. */
export function rootsUnder(root: ParentNode): ParentNode[] {
  const roots: ParentNode[] = [root];
  if (root instanceof Element && root.shadowRoot) roots.push(...rootsUnder(root.shadowRoot));
  for (const element of root.querySelectorAll('*')) {
    if (element.shadowRoot) roots.push(...rootsUnder(element.shadowRoot));
  }
  return roots;
}

/**
 * Problems found under `host` (its light DOM and every shadow root below it): foreign elements,
 * event-handler attributes, script or document URLs, inline frames other than the print frame.
 */
export function injectionProblems(host: Element): string[] {
  const problems: string[] = [];
  for (const root of rootsUnder(host)) {
    const inShadow = root instanceof ShadowRoot;
    for (const element of root.querySelectorAll('*')) {
      const tag = element.localName;
      const where = `<${tag}> in ${inShadow ? `${(root as ShadowRoot).host.localName} shadow root` : 'light DOM'}`;
      if (inShadow && !TEMPLATE_TAGS.has(tag)) problems.push(`${where}: element that no template renders`);
      if (tag === 'iframe' && !element.classList.contains('print-frame')) problems.push(`${where}: frame`);
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) problems.push(`${where}: event handler attribute ${name}`);
        if (name === 'srcdoc') problems.push(`${where}: srcdoc`);
        if (URL_ATTRIBUTES.has(name)) {
          const danger = dangerousUrl(name, attribute.value);
          if (danger) problems.push(`${where}: ${danger} in ${name}="${attribute.value.slice(0, 60)}"`);
        }
        if (name === 'style' && /javascript:|expression\(/i.test(schemeView(attribute.value))) {
          problems.push(`${where}: script in style attribute`);
        }
      }
    }
  }
  return problems;
}

/** The text under `host`, shadow roots included (script and style text left out). */
export function deepText(host: Element): string {
  return rootsUnder(host)
    .map((root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      let text = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) text += node.nodeValue ?? '';
      return text;
    })
    .join('\n');
}

/**
 * Watches the page while hostile data is on it: `securitypolicyviolation` events and script that
 * ran. `stop()` removes the listener; `problems()` lists what was seen.
 */
export function watchForScript() {
  const violations: string[] = [];
  delete window.__xss;
  const onViolation = (event: SecurityPolicyViolationEvent) =>
    violations.push(`${event.violatedDirective} ${event.blockedURI}`);
  document.addEventListener('securitypolicyviolation', onViolation, true);
  return {
    problems(): string[] {
      const found = violations.map((violation) => `policy violation: ${violation}`);
      if (window.__xss !== undefined) found.push(`script ran (window.__xss = ${String(window.__xss)})`);
      return found;
    },
    stop(): void {
      document.removeEventListener('securitypolicyviolation', onViolation, true);
      delete window.__xss;
    },
  };
}
