/**
 * What the node tests that drive Chromium over pages of their own share: the browser's flags
 * (Debian's Chromium, headless, as every test here runs it) and the page they serve.
 */
export { CHROMIUM_ARGS } from '../../../scripts/packed-package.js';

/** A script a test page loads first: every Content-Security-Policy violation lands in `window.violations`. */
export const RECORD_VIOLATIONS = `window.violations = [];
document.addEventListener('securitypolicyviolation', function (event) {
  window.violations.push(event.violatedDirective + ' ' + event.blockedURI + ' ' + (event.sourceFile || ''));
}, true);`;

/** A test page titled `title`, recording CSP violations (served at `/record-violations.js`). */
export function testPage(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>
    <link rel="icon" href="data:," />
    <script src="/record-violations.js"></script>
    ${head}
  </head>
  <body>
    ${body}
  </body>
</html>`;
}
