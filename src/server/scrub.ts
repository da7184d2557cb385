import { redactSecrets } from '../api/error-read.js';
import { SECRET_FIELDS } from '../api/secrets.js';
import { slices } from './slices.js';

/**
 * What the proxy does to an answer before the browser sees it: secret fields out of JSON at any
 * depth, credentials out of every text, and nothing but JSON.
 */

const SECRET_SET: ReadonlySet<string> = new Set(SECRET_FIELDS);
/** Blots out the given secrets (as they are and JSON-escaped) and any `Bearer …` credential from a text. */
export const redact = redactSecrets;

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/;

interface Frame {
  array: boolean;
  /** Members written so far (a removed secret field is not), so commas go only between them. */
  written: number;
  /** The container read so far, when the value is read (not inside a removed secret field). */
  value?: unknown[] | Record<string, unknown>;
  /** The key of the member being read. */
  key?: string;
}

/** What comes next: `first-*` right after `{` or `[` (which may close at once), `key` and `item` after a comma. */
type Expect = 'value' | 'first-key' | 'key' | 'first-item' | 'item' | 'after-value';

/**
 * The JSON text with its secret fields removed at any depth and `secrets` redacted from every key
 * and string; or null when `text` is not JSON. It reads the text token by token, in slices of a
 * few milliseconds, giving the event loop back between them, so a large answer does not hold up
 * every other request while it is scrubbed. Numbers and strings without a secret are passed on
 * as the upstream wrote them (no precision lost); whitespace is dropped.
 *
 * With `read`, the value of the text (its secret fields removed, strings as they arrived) is read
 * in the same pass and the same slices, for what the proxy itself reads of an answer; without
 * it, `value` is null.
 */
export async function scrubJson(
  text: string,
  secrets: readonly string[],
  options: { read?: boolean } = {},
): Promise<{ text: string; value: unknown } | null> {
  const reading = options.read === true;
  // A decoded string can only hold a secret or a bearer token if the text holds it or an escape.
  const redacting =
    text.includes('\\') || /bearer/i.test(text) || secrets.some((secret) => text.includes(secret));
  const end = text.length;
  const stack: Frame[] = [];
  const parts: string[] = [];
  let out = '';
  let pos = 0;
  /** Depth of the object whose secret field's value is being skipped; -1 when writing. */
  let skipDepth = -1;
  let expect: Expect = 'value';
  let root: unknown = null;
  const clock = slices();
  let steps = 0;

  const skipWhitespace = () => {
    WHITESPACE.lastIndex = pos;
    WHITESPACE.exec(text);
    pos = WHITESPACE.lastIndex;
  };
  const write = (token: string) => {
    if (skipDepth === -1) out += token;
  };
  /** Puts a value read in its place (in its container, or as the whole), unless it is a secret's. */
  const keep = (value: unknown) => {
    if (!reading || skipDepth !== -1) return;
    const container = stack[stack.length - 1]?.value;
    if (stack.length === 0) root = value;
    else if (Array.isArray(container)) container.push(value);
    else if (container) {
      const key = stack[stack.length - 1]?.key ?? '';
      // As JSON.parse does: `__proto__` is a member like any other (not the object's prototype).
      if (key === '__proto__')
        Object.defineProperty(container, key, {
          value,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      else container[key] = value;
    }
  };
  /** Reads the string at `pos` (an opening quote): its raw text and its value, or null if malformed. */
  const readString = (): { raw: string; value: string } | null => {
    let close = pos + 1;
    for (;;) {
      close = text.indexOf('"', close);
      if (close === -1) return null;
      let backslashes = 0;
      while (text.charCodeAt(close - 1 - backslashes) === 92) backslashes += 1;
      if (backslashes % 2 === 0) break;
      close += 1;
    }
    const raw = text.slice(pos + 1, close);
    pos = close + 1;
    if (CONTROL.test(raw)) return null;
    if (!raw.includes('\\')) return { raw, value: raw };
    try {
      return { raw, value: JSON.parse(`"${raw}"`) as string };
    } catch {
      return null;
    }
  };
  const stringToken = (string: { raw: string; value: string }): string => {
    if (!redacting) return `"${string.raw}"`;
    const safe = redact(string.value, secrets);
    return safe === string.value ? `"${string.raw}"` : JSON.stringify(safe);
  };

  for (;;) {
    steps += 1;
    if (steps >= 256) {
      steps = 0;
      const pause = clock.pause();
      if (pause) {
        parts.push(out);
        out = '';
        await pause;
      }
    }
    skipWhitespace();
    const char = text[pos];
    const frame = stack[stack.length - 1];

    if (expect === 'after-value') {
      if (skipDepth === stack.length) skipDepth = -1;
      if (!frame) {
        if (pos !== end) return null;
        break;
      }
      if (char === ',') {
        pos += 1;
        expect = frame.array ? 'item' : 'key';
        continue;
      }
      if (char !== (frame.array ? ']' : '}')) return null;
      pos += 1;
      stack.pop();
      write(char);
      continue;
    }

    if (expect === 'first-key') {
      if (char === '}') {
        pos += 1;
        stack.pop();
        write('}');
        expect = 'after-value';
        continue;
      }
      expect = 'key';
    }

    if (expect === 'key') {
      if (char !== '"' || !frame) return null;
      const key = readString();
      if (key === null) return null;
      skipWhitespace();
      if (text[pos] !== ':') return null;
      pos += 1;
      if (SECRET_SET.has(key.value)) {
        if (skipDepth === -1) skipDepth = stack.length;
      } else {
        if (frame.written > 0) write(',');
        if (skipDepth === -1) frame.written += 1;
        write(`${stringToken(key)}:`);
        frame.key = key.value;
      }
      expect = 'value';
      continue;
    }

    if (expect === 'first-item') {
      if (char === ']') {
        pos += 1;
        stack.pop();
        write(']');
        expect = 'after-value';
        continue;
      }
      expect = 'value';
    } else if (expect === 'item') {
      write(',');
      expect = 'value';
    }

    // expect === 'value'
    if (char === '{' || char === '[') {
      pos += 1;
      write(char);
      const container = reading && skipDepth === -1 ? (char === '[' ? [] : {}) : undefined;
      keep(container);
      stack.push({ array: char === '[', written: 0, value: container });
      expect = char === '[' ? 'first-item' : 'first-key';
      continue;
    }
    if (char === '"') {
      const string = readString();
      if (string === null) return null;
      write(stringToken(string));
      keep(string.value);
    } else if (char === 't' || char === 'f' || char === 'n') {
      const literal = char === 't' ? 'true' : char === 'f' ? 'false' : 'null';
      if (!text.startsWith(literal, pos)) return null;
      pos += literal.length;
      write(literal);
      keep(char === 't' ? true : char === 'f' ? false : null);
    } else {
      NUMBER.lastIndex = pos;
      const number = NUMBER.exec(text);
      if (number === null) return null;
      pos = NUMBER.lastIndex;
      write(number[0]);
      keep(Number(number[0]));
    }
    expect = 'after-value';
  }
  parts.push(out);
  return { text: parts.join(''), value: root };
}

/** Whether a media type is JSON (`application/json`, `application/vnd.api+json`, …). */
export function isJsonMediaType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}
