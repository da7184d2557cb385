import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { OpsError, createClient } from '../../src/api/index.js';
import type { OpsClient, OpsErrorCode } from '../../src/api/index.js';
import { RUNS, answer, awkwardString, mutated, toResponse } from './arbitraries.js';
import type { ArbitraryAnswer } from './arbitraries.js';

/**
 * Every client method, answered by anything a server or a proxy could send: arbitrary JSON,
 * objects made of the API's member names, text that is not JSON, any status from 200 to 599,
 * any paging headers, and the live-service samples with members dropped, nulled, given another
 * type or replaced. Each call resolves with a value of the promised shape or rejects with an
 * `OpsError`: `invalid_response` for a 2xx body that cannot be used, the status's own code
 * otherwise. Nothing else is ever thrown.
 */

type Check = (value: unknown) => string | undefined;

interface Method {
  name: string;
  call: (client: OpsClient) => Promise<unknown>;
  /** A label booking: a refusal that says the quote expired is `quote_expired`. */
  booking?: boolean;
  /** What the resolved value must look like (a message when it does not). */
  check: Check;
  /** Live-service samples this call answers with. */
  samples?: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown) => typeof value === 'number' || typeof value === 'string';
const isText = (value: unknown) => typeof value === 'string';
const isOptional = (test: (value: unknown) => boolean) => (value: unknown) => value == null || test(value);
const isNumber = (value: unknown) => typeof value === 'number' && !Number.isNaN(value);
const isOptionalArray = (value: unknown) => value == null || Array.isArray(value);

function all(...checks: Array<[boolean, string]>): string | undefined {
  return checks.find(([ok]) => !ok)?.[1];
}

const SECRET_MEMBERS = ['api_key', 'password_reset_token', 'activation_code'];

/** A user as the client hands it out: never with the account's secrets. */
function userProblem(user: unknown): string | undefined {
  if (user == null) return undefined;
  if (!isRecord(user)) return 'a user that is not an object';
  const kept = SECRET_MEMBERS.filter((member) => member in user);
  return kept.length ? `a user kept ${kept.join(', ')}` : undefined;
}

const record: Check = (value) => (isRecord(value) ? undefined : 'not an object');
const withId: Check = (value) => (isRecord(value) && isId(value['id']) ? undefined : 'no id');

const order: Check = (value) => {
  if (!isRecord(value)) return 'an order that is not an object';
  const lineItems = value['line_items'];
  const allocations = value['allocations'];
  const notes = value['employee_notes'];
  const users = [
    value['created_by'],
    ...(Array.isArray(allocations)
      ? allocations.map((a) => (isRecord(a) ? a['allocated_by'] : undefined))
      : []),
    ...(Array.isArray(notes) ? notes.map((n) => (isRecord(n) ? n['created_by'] : undefined)) : []),
  ];
  return (
    all(
      [isId(value['id']), 'an order without id'],
      [isOptional(isText)(value['number']), 'a number that is not text'],
      [isOptional(isNumber)(value['total_price']), 'a total that is not a number'],
      [isOptionalArray(lineItems), 'line items that are not a list'],
      [isOptionalArray(allocations), 'allocations that are not a list'],
      [isOptionalArray(notes), 'notes that are not a list'],
      [
        !Array.isArray(lineItems) || lineItems.every((item) => isRecord(item) && isId(item['id'])),
        'a line item without id',
      ],
    ) ?? users.map(userProblem).find(Boolean)
  );
};

const pageInfo = (page: unknown) =>
  isRecord(page) &&
  ['index', 'size', 'totalCount', 'totalPages'].every(
    (member) => page[member] === null || (typeof page[member] === 'number' && Number.isFinite(page[member])),
  );

const pageOf =
  (item: Check): Check =>
  (value) => {
    if (!isRecord(value) || !Array.isArray(value['items'])) return 'a page without items';
    if (!pageInfo(value['page'])) return 'paging facts that are not finite numbers or null';
    return value['items'].map(item).find(Boolean);
  };

const quote: Check = (value) =>
  isRecord(value)
    ? all(
        [isOptional(isText)(value['rateId']), 'a rate id that is not text'],
        [isOptional(isNumber)(value['totalCharge']), 'a charge that is not a number'],
        [Array.isArray(value['serviceOptions']), 'service options that are not a list'],
        [
          Array.isArray(value['serviceOptions']) &&
            value['serviceOptions'].every((option: unknown) => isRecord(option) && isText(option['key'])),
          'a service option without key',
        ],
        [Array.isArray(value['charges']), 'charges that are not a list'],
        [isOptional(isText)(value['deliveryEstimate']), 'an estimate that is not text'],
      )
    : 'a quote that is not an object';

const rates: Check = (value) => {
  if (!isRecord(value) || !Array.isArray(value['quotes']) || !Array.isArray(value['unavailableQuotes'])) {
    return 'rates without quotes';
  }
  const expiresAt = value['expiresAt'];
  if (expiresAt !== null && (typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt)))) {
    return 'an expiry that is not a date';
  }
  const unavailable = value['unavailableQuotes'] as unknown[];
  if (
    !unavailable.every(
      (entry) => isRecord(entry) && Array.isArray(entry['reasons']) && entry['reasons'].every(isText),
    )
  ) {
    return 'unavailable reasons that are not text';
  }
  return value['quotes'].map(quote).find(Boolean);
};

/** A shipment record read flat: tracking number and carrier as text (or null), no nested shipment. */
const flatShipment: Check = (value) =>
  isRecord(value)
    ? all(
        [isOptional(isText)(value['tracking_number']), 'a tracking number that is not text'],
        [isOptional(isText)(value['carrier']), 'a carrier that is not text'],
        [!isRecord(value['shipment']), 'a shipment still nested'],
      )
    : 'not an object';

const booking: Check = (value) => {
  if (!isRecord(value) || !isRecord(value['successful']) || !isRecord(value['failed']))
    return 'a booking result without lists';
  const booked = Object.values(value['successful']).map(
    (entry) =>
      flatShipment(entry) ??
      (isRecord(entry) && (entry['rate_id'] === null || isText(entry['rate_id']))
        ? undefined
        : 'a booked shipment without rate_id'),
  );
  const failures = Object.values(value['failed']);
  return (
    booked.find(Boolean) ??
    (failures.every(
      (failure) =>
        isRecord(failure) &&
        Array.isArray(failure['errors']) &&
        failure['errors'].every(isText) &&
        typeof failure['quoteExpired'] === 'boolean' &&
        (failure['rateId'] === null || isText(failure['rateId'])),
    )
      ? undefined
      : 'a failure without messages or rateId')
  );
};

const shipment: Check = (value) =>
  flatShipment(value) ??
  (isRecord(value) && isOptional(isText)(value['label']) ? undefined : 'a label that is not text');

const resource: Check = (value) =>
  isRecord(value) && isText(value['id']) && isText(value['type']) && isRecord(value['relationships'])
    ? undefined
    : 'a resource without id, type or relationships';

const config: Check = (value) =>
  resource(value) ??
  (isRecord(value) &&
  isOptional(isText)(value['configuration_id']) &&
  Array.isArray(value['shipping_services']) &&
  value['shipping_services'].every((service: unknown) => resource(service) === undefined)
    ? undefined
    : 'a configuration without its services');

const METHODS: Method[] = [
  {
    name: 'getOrder',
    call: (c) => c.getOrder(1, { cache: 'reload' }),
    check: order,
    samples: ['order.json'],
  },
  {
    name: 'addOrderNote',
    call: (c) => c.addOrderNote(1, 'Fragile'),
    check: (v) => withId(v) ?? userProblem(isRecord(v) ? v['created_by'] : null),
  },
  {
    name: 'createAllocation',
    call: (c) => c.createAllocation(1, { warehouseId: 2, lineItems: [{ sellableId: 3, quantity: 1 }] }),
    check: order,
    samples: ['allocation-create-response.json'],
  },
  {
    name: 'deleteAllocation',
    call: (c) => c.deleteAllocation(1, 2),
    check: (v) => (v === null ? undefined : order(v)),
    samples: ['allocation-delete-response.json'],
  },
  { name: 'listOrders', call: (c) => c.listOrders({ page: 1, pageSize: 20 }), check: pageOf(order) },
  {
    name: 'listChannels',
    call: (c) => c.listChannels(),
    check: pageOf(withId),
    samples: ['channels-list.json'],
  },
  {
    name: 'listAllChannels',
    call: (c) => c.listAllChannels(),
    check: (v) => (Array.isArray(v) ? v.map(withId).find(Boolean) : 'not a list'),
    samples: ['channels-list.json'],
  },
  {
    name: 'createChannel',
    call: (c) => c.createChannel({ name: 'Shop', type_code: 'direct' }),
    check: withId,
    samples: ['channel.json'],
  },
  {
    name: 'createChannelSellable',
    call: (c) => c.createChannelSellable({ remote_sku: 'SKU-1', autolink: true }),
    check: resource,
    samples: ['channel-sellable-create-response.json'],
  },
  {
    name: 'listChannelSellables',
    call: (c) => c.listChannelSellables({ page: 1, pageSize: 10, include: ['sellable'] }),
    check: (v) =>
      pageOf(resource)(v) ??
      (isRecord(v) &&
      Array.isArray(v['included']) &&
      v['included'].every((r: unknown) => resource(r) === undefined)
        ? undefined
        : 'included resources that are not resources'),
  },
  { name: 'updateCustomer', call: (c) => c.updateCustomer(1, { email: 'a@b.example' }), check: withId },
  {
    name: 'updateDeliveryMethod',
    call: (c) => c.updateDeliveryMethod(1, { name: 'Post', cost: '3.50' }),
    check: withId,
  },
  {
    name: 'updateStockEntry',
    call: (c) => c.updateStockEntry(1, 2, { physical_stock_level: 5, infinite: false }),
    check: record,
    samples: ['stock-entry.json', 'stock-entry-update-response.json'],
  },
  {
    name: 'updateProduct',
    call: (c) => c.updateProduct(1, { title: 'Mug' }),
    check: withId,
    samples: ['product.json'],
  },
  {
    name: 'updateProductPropertyValue',
    call: (c) => c.updateProductPropertyValue(1, 2, { product_property_name: 'Colour', value: 'Red' }),
    check: record,
  },
  {
    name: 'updateKitContent',
    call: (c) => c.updateKitContent(1, 2, { product_variant_id: 3, quantity: 1 }),
    check: withId,
  },
  { name: 'listTags', call: (c) => c.listTags(), check: pageOf(withId) },
  { name: 'getTag', call: (c) => c.getTag(1), check: withId },
  {
    name: 'getRates',
    call: (c) =>
      c.getRates({ to_address: {}, from_address: {}, parcels: [{ weight: 1, weight_unit: 'kg' }] }),
    check: rates,
    samples: ['rates-response-live-a.json', 'rates-response-live-b.json'],
  },
  {
    name: 'bookShipments',
    call: (c) =>
      c.bookShipments({ labelFormat: 'PDF', shipments: [{ remote_shipment_id: 'r1', rate_id: 'q1' }] }),
    booking: true,
    check: booking,
  },
  {
    name: 'listShippingConfigs',
    call: (c) => c.listShippingConfigs({ includeServices: true }),
    check: pageOf(config),
    samples: ['shipping-configs-partial.json'],
  },
  {
    name: 'createShipment',
    call: (c) =>
      c.createShipment({ destination_address: {}, collection_address: {}, service_code: 'PW_EXPRESS' }),
    booking: true,
    check: shipment,
    samples: ['legacy-shipment-create-response.json'],
  },
  { name: 'getCurrentUser', call: (c) => c.getCurrentUser(), check: (v) => record(v) ?? userProblem(v) },
  {
    name: 'exchangeAuthorizationCode',
    call: (c) =>
      c.exchangeAuthorizationCode({
        code: 'c',
        redirectUri: 'https://a.example/cb',
        clientId: 'i',
        clientSecret: 's',
      }),
    check: (v) => (isRecord(v) && isText(v['access_token']) ? undefined : 'no access token'),
    samples: ['oauth-token-response.json'],
  },
];

/** The codes a non-2xx status may give. */
function codesFor(status: number, method: Method): OpsErrorCode[] {
  const byStatus: OpsErrorCode =
    status === 400 || status === 422
      ? 'validation'
      : status === 401
        ? 'unauthorized'
        : status === 403
          ? 'forbidden'
          : status === 404
            ? 'not_found'
            : status === 409
              ? 'conflict'
              : status === 429
                ? 'rate_limited'
                : status >= 500
                  ? 'server'
                  : 'unknown';
  return method.booking && byStatus === 'validation' ? ['validation', 'quote_expired'] : [byStatus];
}

function clientAnswering(respond: () => Response): OpsClient {
  return createClient({
    baseUrl: 'https://api.example.test',
    credentials: { apiKey: 'key-123' },
    appToken: 'app-123',
    fetch: () => Promise.resolve(respond()),
    retry: { retries: 0 },
    rateLimit: false,
  });
}

/** Why the outcome of `method` for a response of `status` breaks the contract, or undefined. */
async function contractProblem(
  method: Method,
  status: number,
  respond: () => Response,
): Promise<string | undefined> {
  const outcome = await method.call(clientAnswering(respond)).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const ok = status >= 200 && status < 300;
  if ('value' in outcome) {
    if (!ok) return `resolved for HTTP ${status}`;
    const problem = method.check(outcome.value);
    if (problem) return `resolved with ${problem}`;
    try {
      JSON.stringify(outcome.value);
    } catch (error) {
      return `resolved with a value that does not serialise: ${String(error)}`;
    }
    return undefined;
  }
  const error = outcome.error;
  if (!(error instanceof OpsError)) return `threw ${String(error)}`;
  const expected: OpsErrorCode[] = ok ? ['invalid_response'] : codesFor(status, method);
  if (!expected.includes(error.code))
    return `gave ${error.code} for HTTP ${status}, expected ${expected.join(' or ')}`;
  if (error.status !== status) return `reported status ${error.status} for HTTP ${status}`;
  if (!error.messages.every((message) => typeof message === 'string' && message.trim() !== '')) {
    return 'an error with an empty message';
  }
  return undefined;
}

async function sample(name: string): Promise<unknown> {
  const response = await fetch(`/test/fixtures/samples/${name}`);
  if (!response.ok) throw new Error(`missing sample ${name}`);
  return response.json() as Promise<unknown>;
}

function describeAnswer(generated: ArbitraryAnswer): string {
  return `HTTP ${generated.status} ${generated.contentType} ${JSON.stringify(generated.body).slice(0, 300)}`;
}

describe('client parsers under arbitrary answers', function () {
  this.timeout(60_000);

  for (const method of METHODS) {
    it(`${method.name}: a typed value or an OpsError with the right code, for ${RUNS} arbitrary answers`, async () => {
      await fc.assert(
        fc.asyncProperty(answer, async (generated) => {
          const problem = await contractProblem(method, generated.status, () => toResponse(generated));
          expect(problem, describeAnswer(generated)).to.equal(undefined);
        }),
        { numRuns: RUNS },
      );
    });
  }

  const withSamples = METHODS.filter((method) => method.samples?.length);
  for (const method of withSamples) {
    for (const name of method.samples!) {
      it(`${method.name}: ${name} with members dropped, nulled, retyped or replaced (${RUNS} runs)`, async () => {
        const original = await sample(name);
        expect(await contractProblem(method, 200, () => jsonResponse(original, 200))).to.equal(undefined);
        await fc.assert(
          fc.asyncProperty(mutated(original), fc.constantFrom(200, 201), async (body, code) => {
            const problem = await contractProblem(method, code, () => jsonResponse(body, code));
            expect(problem, JSON.stringify(body).slice(0, 500)).to.equal(undefined);
          }),
          { numRuns: RUNS },
        );
      });
    }
  }

  it(`error bodies: the samples mutated, under every error status, give the status's code (${RUNS} runs)`, async () => {
    const bodies = Object.values((await sample('error-bodies.json')) as Record<string, unknown>);
    const errorStatus = fc.oneof(
      fc.constantFrom(400, 401, 403, 404, 409, 422, 429, 500, 503),
      fc.integer({ min: 300, max: 599 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bodies).chain((body) => mutated(body)),
        errorStatus,
        fc.constantFrom(...METHODS.map((method) => method.name)),
        async (body, code, name) => {
          const method = METHODS.find((candidate) => candidate.name === name)!;
          const problem = await contractProblem(method, code, () => jsonResponse(body, code));
          expect(problem, `${method.name} HTTP ${code} ${JSON.stringify(body)}`).to.equal(undefined);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`error bodies in the API's shapes: every message the API gave reaches the error (${RUNS} runs)`, async () => {
    const message = awkwardString.filter((text) => text.trim() !== '' && !text.trim().startsWith('<'));
    // Names every object already has (`constructor`, `__proto__`, …) included: they are plain fields here.
    const field = fc.oneof(
      fc.stringMatching(/^[a-z][a-z_]{0,15}$/),
      fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'),
    );
    const shaped = fc.oneof(
      fc
        .array(message, { minLength: 1, maxLength: 4 })
        .map((messages) => ({ body: { error_messages: messages }, messages })),
      fc
        .array(message, { minLength: 1, maxLength: 4 })
        .map((messages) => ({ body: { errors: messages }, messages })),
      fc.array(fc.tuple(field, message), { minLength: 1, maxLength: 4 }).map((pairs) => ({
        body: {
          errors: pairs.map(([name, detail]) => ({
            detail,
            source: { pointer: `/data/attributes/${name}` },
          })),
        },
        messages: pairs.map(([, detail]) => detail),
      })),
      fc
        .dictionary(field, fc.array(message, { minLength: 1, maxLength: 2 }), { minKeys: 1, maxKeys: 3 })
        .map((errors) => ({
          body: { errors },
          messages: Object.values(errors).flat(),
        })),
      message.map((text) => ({
        body: { error: 'invalid_grant', error_description: text },
        messages: [text],
      })),
    );
    await fc.assert(
      fc.asyncProperty(
        shaped,
        fc.constantFrom(400, 401, 404, 409, 422, 500),
        async ({ body, messages }, code) => {
          const error = await clientAnswering(() => jsonResponse(body, code))
            .getTag(1)
            .then(
              () => undefined,
              (reason: unknown) => reason,
            );
          expect(error).to.be.instanceOf(OpsError);
          const shown = (error as OpsError).messages.join('\n');
          for (const text of messages) expect(shown, JSON.stringify(body)).to.contain(text.trim());
        },
      ),
      { numRuns: RUNS },
    );
  });
});

function jsonResponse(body: unknown, status: number): Response {
  const text = [204, 205, 304].includes(status) ? null : JSON.stringify(body);
  return new Response(text, { status, headers: { 'content-type': 'application/json' } });
}
