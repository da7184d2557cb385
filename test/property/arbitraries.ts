/**
 * Generators of bad input for the property suites: arbitrary JSON and non-JSON bodies, bodies
 * shaped like the API's (its member names, with values of any type), mutations of the live-service
 * samples (members dropped, nulled, swapped for another type or replaced), arbitrary statuses and
 * headers, and arbitrary text as a user could type it.
 */
import fc from 'fast-check';

/** Runs per property: enough to find the usual shapes of trouble, few enough to stay fast. */
export const RUNS = 100;

/** Member names the API's responses use, so that generated objects come close to real ones. */
export const API_MEMBER_NAMES = [
  'id',
  'type',
  'attributes',
  'relationships',
  'data',
  'included',
  'meta',
  'page',
  'number',
  'status',
  'line_items',
  'allocations',
  'employee_notes',
  'sellable',
  'stock_entries',
  'warehouse',
  'warehouse_id',
  'quantity',
  'price_per_unit',
  'total_price',
  'deliver_to',
  'customer',
  'channel',
  'currency_code',
  'created_by',
  'allocated_by',
  'api_key',
  'login',
  'email',
  'company',
  'setting',
  'text',
  'name',
  'title',
  'sku_code',
  'full_title',
  'images',
  'src',
  'quotes',
  'rate_id',
  'code',
  'service_name',
  'carrier_id',
  'total_charge',
  'total_net_charge',
  'currency',
  'delivery_estimate',
  'expires_at',
  'request_token',
  'remote_shipment_id',
  'unavailable_quotes',
  'unavailable_reasons',
  'shipping_service_options',
  'key',
  'values',
  'value',
  'label',
  'validation',
  'min',
  'max',
  'successful',
  'failed',
  'errors',
  'error_messages',
  'error',
  'error_description',
  'message',
  'detail',
  'source',
  'pointer',
  'tracking_number',
  'carrier',
  'shipment',
  'rate_id',
  'label_content',
  'commercial_invoice_label',
  'access_token',
  'configs',
  'shipping_services',
  'remote_sku',
  'remote_title',
  'remote_price',
  'channels',
  'orders',
  'tags',
] as const;

/** Strings as APIs get them wrong: numeric, empty, blank, huge, odd Unicode. */
export const awkwardString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '0.0',
    '-1',
    '1e999',
    'NaN',
    'Infinity',
    'null',
    'true',
    'N/A',
    '2024-13-45T99:99',
  ),
  fc.double().map(String),
  fc.integer().map(String),
  fc.constantFrom('\u0000', '\uFEFF', '\uD800', '\u202E', '💥', 'a'.repeat(5000)),
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  awkwardString,
  fc.double({ noNaN: true }).filter(Number.isFinite),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

/** Objects built from the API's member names, nested, with values of any JSON type. */
export const apiShaped: fc.Arbitrary<unknown> = fc.letrec<{
  value: unknown;
  object: Record<string, unknown>;
}>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    tie('object'),
    fc.array(tie('value'), { maxLength: 4 }),
  ),
  object: fc.dictionary(
    fc.oneof(fc.constantFrom(...API_MEMBER_NAMES), fc.string({ maxLength: 8 })),
    tie('value'),
    {
      maxKeys: 8,
    },
  ),
})).object;

/** A response body as text: JSON of every kind, the API's shapes, and text that is not JSON. */
export const bodyText: fc.Arbitrary<string> = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.anything({ maxDepth: 3, withNullPrototype: true }).map((value) => JSON.stringify(value) ?? ''),
  apiShaped.map((value) => JSON.stringify(value)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'null',
    '[]',
    '{}',
    '<!doctype html><h1>Error</h1>',
    '{"error_messages": ["The service is',
    '\uFEFF{}',
  ),
);

/** Any status a server or a proxy could answer with. */
export const status: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(200, 201, 204, 400, 401, 403, 404, 409, 415, 422, 429, 500, 502, 503),
  fc.integer({ min: 200, max: 599 }),
);

export const contentType: fc.Arbitrary<string> = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/vnd.api+json',
  'text/html',
  'text/plain',
  '',
);

/** Paging headers, sometimes present, with any text. */
export const pagingHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'X-Total-Count': awkwardString,
    'X-Total-Pages-Count': awkwardString,
    'X-Page-Index': awkwardString,
    'X-Per-Page': awkwardString,
  },
  { requiredKeys: [] },
);

export interface ArbitraryAnswer {
  status: number;
  body: string;
  contentType: string;
  headers: Record<string, string>;
}

export const answer: fc.Arbitrary<ArbitraryAnswer> = fc.record({
  status,
  body: bodyText,
  contentType,
  headers: pagingHeaders,
});

/** Statuses whose responses cannot carry a body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

export function toResponse(generated: ArbitraryAnswer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(generated.headers)) {
    // Header values cannot hold every character; what cannot be sent is simply not sent.
    try {
      headers.set(name, value);
    } catch {
      continue;
    }
  }
  if (generated.contentType) headers.set('content-type', generated.contentType);
  const body = NULL_BODY_STATUSES.has(generated.status) ? null : generated.body;
  return new Response(body, { status: generated.status, headers });
}

// Mutations of real samples

type Path = ReadonlyArray<string | number>;

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value)) {
    value.forEach((entry, index) => paths.push(...pathsOf(entry, [...prefix, index])));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, member] of Object.entries(value)) paths.push(...pathsOf(member, [...prefix, key]));
  }
  return paths;
}

type MutationKind = 'drop' | 'null' | 'swap' | 'replace';

interface Mutation {
  path: Path;
  kind: MutationKind;
  replacement: unknown;
}

/** The same value as another JSON type: the mistakes live APIs make. */
function swapType(value: unknown): unknown {
  if (typeof value === 'string') return /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value.length;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length > 0 ? value[0] : {};
  if (typeof value === 'object' && value !== null) return [value];
  return '';
}

function applyMutation(root: unknown, { path, kind, replacement }: Mutation): unknown {
  if (path.length === 0) return root;
  let parent: unknown = root;
  for (const step of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return root;
    parent = (parent as Record<string | number, unknown>)[step];
  }
  if (typeof parent !== 'object' || parent === null) return root;
  const container = parent as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (!(last in container)) return root;
  if (kind === 'drop') {
    if (Array.isArray(container) && typeof last === 'number') container.splice(last, 1);
    else Reflect.deleteProperty(container, last);
  } else if (kind === 'null') {
    container[last] = null;
  } else if (kind === 'swap') {
    container[last] = swapType(container[last]);
  } else {
    container[last] = replacement;
  }
  return root;
}

/** A sample with one to six of its members dropped, nulled, given another type or replaced. */
export function mutated(sample: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(sample);
  if (paths.length === 0) return fc.constant(sample);
  const mutation: fc.Arbitrary<Mutation> = fc.record({
    path: fc.constantFrom(...paths),
    kind: fc.constantFrom<MutationKind>('drop', 'null', 'swap', 'replace'),
    replacement: fc.oneof(scalar, apiShaped, fc.jsonValue({ maxDepth: 2 })),
  });
  return fc
    .array(mutation, { minLength: 1, maxLength: 6 })
    .map((mutations) => mutations.reduce(applyMutation, structuredClone(sample)));
}

// What users type

/** Text a user could type or paste into a field. */
export const typedText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\t',
    '\n',
    '  \n  ',
    '0',
    '-0',
    '+1',
    '1.',
    '.5',
    ',5',
    '1,5',
    '1.5.5',
    '1e3',
    '1e-3',
    '0x10',
    '0b1',
  ),
  fc.constantFrom(
    'Infinity',
    '-Infinity',
    'NaN',
    '١٢',
    '１２',
    '²',
    '1_000',
    '1 000',
    '00012',
    '9'.repeat(30),
  ),
);

/** Text that looks like a number, in the ways people write numbers. */
export const numericText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -5, max: 100 }).map(String),
  fc.double({ min: -10, max: 1e6, noNaN: true }).map(String),
  fc
    .tuple(
      fc.constantFrom('', ' ', '+', '-', '0'),
      fc.nat({ max: 99_999 }),
      fc.constantFrom('', '.', ',', '.5', ',25', '.001'),
    )
    .map(([prefix, whole, suffix]) => `${prefix}${whole}${suffix}`),
  // More digits than a double holds: Number() gives Infinity, which JSON would send as null.
  fc.integer({ min: 300, max: 420 }).map((digits) => `1${'0'.repeat(digits)}`),
);

/** What goes into a form field: numbers as people write them, or anything at all. */
export const fieldText: fc.Arbitrary<string> = fc.oneof(numericText, typedText);

/** Whole numbers as people type them (spaces, a plus sign, leading zeros), mostly small. */
export const wholeNumberText: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', '', '', ' ', '+', '0'),
    fc.oneof({ arbitrary: fc.nat({ max: 3 }), weight: 4 }, { arbitrary: fc.nat({ max: 100 }), weight: 1 }),
    fc.constantFrom('', '', '', ' ', '\t'),
  )
  .map(([prefix, count, suffix]) => `${prefix}${count}${suffix}`);

/** A quantity field: mostly whole numbers, sometimes anything at all. */
export const quantityText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: wholeNumberText, weight: 6 },
  { arbitrary: fieldText, weight: 1 },
);

/** A measurement field (weight, length): mostly plausible decimals, sometimes anything at all. */
export const measureText: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.integer({ min: 1, max: 5_000_000 }).map((hundredths) => String(hundredths / 100)),
    weight: 6,
  },
  { arbitrary: fc.constantFrom('', '0.01', '0.009', '0', '1e3', '1e400', '-1', '.5'), weight: 1 },
  { arbitrary: fieldText, weight: 1 },
);
