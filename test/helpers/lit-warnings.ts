/**
 * Loaded before every browser test file. Lit's dev build reports misuse (changes scheduled
 * during an update, unknown bindings, …) through console.warn; such a warning fails the test
 * file instead of scrolling past.
 */
const issued: Set<string> = ((globalThis as { litIssuedWarnings?: Set<string> }).litIssuedWarnings ??=
  new Set<string>());
// The "Lit is in dev mode" notice is expected in tests and carries no fault.
issued.add('dev-mode');

const originalWarn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  originalWarn(...args);
  const text = args.map(String).join(' ');
  if (text.includes('lit.dev/msg/')) {
    throw new Error(`Lit dev-mode warning: ${text}`);
  }
};
