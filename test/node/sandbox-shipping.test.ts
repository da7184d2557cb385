import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { createSandbox, SEED_IDS } from '../../src/sandbox/index.js';
import type { Sandbox, SandboxOptions } from '../../src/sandbox/index.js';
import { at, call } from './helpers/sandbox-calls.js';

/** Text drawn on a pdf-lib page: inflate each content stream and decode its hex strings. */
function pdfText(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  const raw = bytes.toString('latin1');
  const drawn: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      const content = inflateSync(bytes.subarray(start, end)).toString('latin1');
      for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
        drawn.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'));
      }
    } catch {
      // Not a deflated stream (fonts are not embedded, but be lenient).
    }
  }
  return drawn.join('\n');
}

const GB_FROM = {
  name: 'Sandbox Goods Ltd',
  line1: 'Unit 4, Thames Gateway Park',
  town: 'Dagenham',
  postcode: 'RM9 6RH',
  country_code: 'GB',
};
const GB_TO = {
  name: 'Amelia Hart',
  line1: '27 Coldharbour Lane',
  town: 'London',
  postcode: 'SE5 9NR',
  country_code: 'GB',
};
const US_TO = {
  name: 'Jordan Miles',
  line1: '215 West 40th Street',
  town: 'New York',
  county: 'NY',
  postcode: '10018',
  country_code: 'US',
};

function ratesBody(overrides: Record<string, unknown> = {}) {
  return {
    to_address: GB_TO,
    from_address: GB_FROM,
    parcels: [{ weight: 1.2, weight_unit: 'kg', length: 30, width: 20, height: 10, dimension_unit: 'cm' }],
    ...overrides,
  };
}

interface Quote {
  rate_id: string;
  service_name: string;
  total_charge: string;
  shipping_service_options: { key: string; type: string }[];
}

async function getRates(sandbox: Sandbox, body: unknown = ratesBody()) {
  const response = await call(sandbox, 'POST', '/shipping/api/v1/rates', body);
  assert.equal(response.status, 200, response.text);
  const json = response.json as {
    quotes: Quote[];
    remote_shipment_id: string;
    request_token: string;
    expires_at: string;
    unavailable_quotes?: unknown[];
  };
  return json;
}

function quoteNamed(rates: { quotes: Quote[] }, name: string): Quote {
  const quote = rates.quotes.find((candidate) => candidate.service_name === name);
  assert.ok(quote, `no quote for ${name}`);
  return quote;
}

function clock(start = Date.parse('2026-03-02T10:00:00Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function sandboxWithClock(options: SandboxOptions = {}) {
  const time = clock();
  return { sandbox: createSandbox({ now: time.now, ...options }), time };
}

describe('sandbox rates', () => {
  it('answers deterministic quotes in the sample naming set', async () => {
    const first = await getRates(sandboxWithClock().sandbox);
    const second = await getRates(sandboxWithClock().sandbox);
    const strip = (quotes: Quote[]) => quotes.map(({ rate_id: _rate, ...rest }) => rest);
    assert.deepEqual(strip(first.quotes), strip(second.quotes));
    assert.deepEqual(
      first.quotes.map((quote) => quote.service_name),
      ['Economy Post', 'Parcelway Standard', 'Parcelway Express', 'Swift Courier Next Day'],
    );
    const standard = quoteNamed(first, 'Parcelway Standard');
    assert.match(standard.total_charge, /^\d+\.\d\d$/);
    assert.deepEqual(Object.keys(standard).sort(), [
      'base_rate',
      'carrier_id',
      'charges',
      'credits',
      'currency',
      'delivery_estimate',
      'own_account',
      'pickup_window',
      'protected',
      'protections',
      'rate_id',
      'service_carrier',
      'service_id',
      'service_name',
      'shipping_service_options',
      'total_charge',
    ]);
    assert.deepEqual(
      standard.shipping_service_options.map((option) => [option.key, option.type]),
      [
        ['value_added_service__VAS_GROUP_ID_CONFIRMATION', 'select'],
        ['liability_amount', 'number'],
      ],
    );
    const swift = quoteNamed(first, 'Swift Courier Next Day');
    assert.ok(
      swift.shipping_service_options.some(
        (o) => o.key === 'additional_input__SHIPMENT_DESCRIPTION' && o.type === 'text',
      ),
    );
    assert.equal(first.expires_at, '2026-03-02T10:15:00.000Z');
    assert.equal(typeof first.request_token, 'string');
    assert.deepEqual(first.unavailable_quotes, []);
  });

  it('prices by weight and destination', async () => {
    const light = quoteNamed(await getRates(createSandbox()), 'Parcelway Standard');
    const heavy = quoteNamed(
      await getRates(createSandbox(), ratesBody({ parcels: [{ weight: 9, weight_unit: 'kg' }] })),
      'Parcelway Standard',
    );
    const abroad = quoteNamed(
      await getRates(createSandbox(), ratesBody({ to_address: US_TO })),
      'Parcelway Standard',
    );
    assert.ok(Number(heavy.total_charge) > Number(light.total_charge));
    assert.ok(Number(abroad.total_charge) > Number(light.total_charge));
  });

  it('lists unavailable quotes with reasons unless asked not to', async () => {
    const sandbox = createSandbox();
    const international = await getRates(
      sandbox,
      ratesBody({ to_address: US_TO, parcels: [{ weight: 5, weight_unit: 'lb' }] }),
    );
    const reasons = (
      international.unavailable_quotes as { name: string; unavailable_reasons: { message: string }[] }[]
    ).map((quote) => `${quote.name}: ${quote.unavailable_reasons[0]?.message ?? ''}`);
    assert.equal(reasons.length, 2);
    assert.match(reasons.join('\n'), /SC_NEXT_DAY: .*no international service/);
    assert.match(reasons.join('\n'), /EP_ECONOMY: Parcel too heavy/);
    const without = await getRates(
      sandbox,
      ratesBody({ to_address: US_TO, include_unavailable_quotes: false }),
    );
    assert.equal(without.unavailable_quotes, undefined);
  });

  it('quotes only from the shipping configurations named', async () => {
    const sandbox = createSandbox();
    const rates = await getRates(
      sandbox,
      ratesBody({ shipping_configuration_ids: [String(SEED_IDS.shippingConfigs.swiftCourier)] }),
    );
    assert.deepEqual(
      rates.quotes.map((quote) => quote.service_name),
      ['Swift Courier Next Day'],
    );
    const unknown = await call(
      sandbox,
      'POST',
      '/shipping/api/v1/rates',
      ratesBody({ shipping_configuration_ids: ['999'] }),
    );
    assert.equal(unknown.status, 400);
    const twice = await call(
      sandbox,
      'POST',
      '/shipping/api/v1/rates',
      ratesBody({
        shipping_configuration_ids: [
          String(SEED_IDS.shippingConfigs.parcelway),
          String(SEED_IDS.shippingConfigs.parcelwayReturns),
        ],
      }),
    );
    assert.equal(twice.status, 400);
  });

  it('answers 403 with error_messages for a shipping configuration that is not enabled', async () => {
    const sandbox = createSandbox();
    for (const id of [SEED_IDS.shippingConfigs.freightline, SEED_IDS.shippingConfigs.marketplaceShipping]) {
      const refused = await call(
        sandbox,
        'POST',
        '/shipping/api/v1/rates',
        ratesBody({ shipping_configuration_ids: [String(id)] }),
      );
      assert.equal(refused.status, 403, refused.text);
      const messages = at(refused.json, 'error_messages') as string[];
      assert.ok(Array.isArray(messages) && messages.length === 1);
      assert.match(messages[0] ?? '', /not enabled/);
    }
  });

  it('answers 403 on rates and shipping configurations when the account has no shipping', async () => {
    const sandbox = createSandbox({ shippingEnabled: false });
    const rates = await call(sandbox, 'POST', '/shipping/api/v1/rates', ratesBody());
    assert.equal(rates.status, 403);
    assert.match(String(at(rates.json, 'error_messages.0')), /not enabled/);
    const configs = await call(sandbox, 'GET', '/api/v2/shipping_configs');
    assert.equal(configs.status, 403);
    assert.deepEqual(Object.keys(at(configs.json, 'errors.0') as object).sort(), [
      'detail',
      'status',
      'title',
    ]);
    assert.equal(at(configs.json, 'errors.0.status'), '403');
    sandbox.configure({ shippingEnabled: true });
    assert.equal((await call(sandbox, 'GET', '/api/v2/shipping_configs')).status, 200);
    const control = await sandbox.fetch(
      new Request('http://sandbox.test/__sandbox/config', {
        method: 'POST',
        body: JSON.stringify({ shippingEnabled: false }),
      }),
    );
    assert.equal(control.status, 200);
    assert.equal((await call(sandbox, 'POST', '/shipping/api/v1/rates', ratesBody())).status, 403);
  });

  it('answers 422 with error_messages for a parcel the carriers refuse', async () => {
    const sandbox = createSandbox();
    const cases = [
      ratesBody({ parcels: [{ weight: 80, weight_unit: 'kg' }] }),
      ratesBody({
        parcels: [{ weight: 2, weight_unit: 'kg', length: 320, width: 20, height: 10, dimension_unit: 'cm' }],
      }),
      ratesBody({ parcels: [{ weight: 2, weight_unit: 'kg', hazmat: true }] }),
    ];
    for (const body of cases) {
      const refused = await call(sandbox, 'POST', '/shipping/api/v1/rates', body);
      assert.equal(refused.status, 422, refused.text);
      const messages = at(refused.json, 'error_messages') as string[];
      assert.ok(Array.isArray(messages) && messages.length > 0);
      assert.match(messages.join(' '), /refused/);
    }
    // The limits are the carriers': just under them, rates are quoted.
    assert.equal(
      (
        await call(
          sandbox,
          'POST',
          '/shipping/api/v1/rates',
          ratesBody({ parcels: [{ weight: 70, weight_unit: 'kg' }] }),
        )
      ).status,
      200,
    );
  });

  it('switches to the schema naming set', async () => {
    const sandbox = createSandbox({ quoteNaming: 'schema' });
    const rates = (await call(sandbox, 'POST', '/shipping/api/v1/rates', ratesBody())).json;
    const quote = at(rates, 'quotes.0') as Record<string, unknown>;
    for (const key of [
      'carrier',
      'carrier_nice_name',
      'title',
      'code',
      'total_net_charge',
      'currency_code',
      'delivery_date',
    ]) {
      assert.ok(key in quote, key);
    }
    assert.equal('rate_id' in quote, false);
    sandbox.configure({ quoteNaming: 'sample' });
    assert.ok(
      at((await call(sandbox, 'POST', '/shipping/api/v1/rates', ratesBody())).json, 'quotes.0.rate_id'),
    );
  });

  it('validates the request: 400 with error_messages', async () => {
    const sandbox = createSandbox();
    const cases: [unknown, RegExp][] = [
      [ratesBody({ parcels: [] }), /exactly 1 parcel/],
      [
        ratesBody({
          parcels: [
            { weight: 1, weight_unit: 'kg' },
            { weight: 1, weight_unit: 'kg' },
          ],
        }),
        /exactly 1 parcel/,
      ],
      [ratesBody({ parcels: [{ weight: 0.001, weight_unit: 'kg' }] }), /at least 0.01/],
      [ratesBody({ parcels: [{ weight: 1, weight_unit: 'stone' }] }), /weight_unit/],
      [ratesBody({ parcels: [{ weight: 1, weight_unit: 'kg', dimension_unit: 'yd' }] }), /dimension_unit/],
      [ratesBody({ to_address: undefined }), /to_address is required/],
      [ratesBody({ from_address: { name: 'x' } }), /from_address.country_code/],
    ];
    for (const [body, message] of cases) {
      const response = await call(sandbox, 'POST', '/shipping/api/v1/rates', body);
      assert.equal(response.status, 400);
      assert.match((at(response.json, 'error_messages') as string[]).join(' '), message);
    }
  });
});

describe('sandbox booking', () => {
  it('books a PDF label that is a real PDF with the tracking number', async () => {
    const { sandbox } = sandboxWithClock();
    const rates = await getRates(sandbox);
    const quote = quoteNamed(rates, 'Parcelway Express');
    const booked = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      label_format: 'PDF',
      request_token: rates.request_token,
      shipments: [
        {
          remote_shipment_id: rates.remote_shipment_id,
          rate_id: quote.rate_id,
          value_added_service__VAS_GROUP_ID_CONFIRMATION: 'SIGNATURE',
          liability_amount: 200,
        },
      ],
    });
    assert.equal(booked.status, 200, booked.text);
    const entry = at(booked.json, `successful.${rates.remote_shipment_id}`) as Record<string, unknown>;
    assert.deepEqual(at(booked.json, 'failed'), {});
    const tracking = String(entry.tracking_number);
    assert.match(tracking, /^PW\d+GB$/);
    assert.equal(entry.service_name, 'Parcelway Express');
    assert.equal(entry.label_format, 'PDF');
    assert.equal(entry.signature_type, 'SIGNATURE');
    assert.equal(entry.commercial_invoice_content, undefined);
    const charge = entry.total_charge as { value: number; unit: string };
    assert.equal(charge.unit, 'GBP');
    assert.equal(charge.value, Math.round((Number(quote.total_charge) + 1.5 + 3) * 100) / 100);
    const pdf = Buffer.from(String(entry.label_content), 'base64');
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.ok(pdf.toString('latin1').includes(tracking));
    const text = pdfText(String(entry.label_content));
    for (const expected of [
      tracking,
      'Parcelway',
      'Parcelway Express',
      'Amelia Hart',
      'SE5 9NR',
      'Dagenham',
    ]) {
      assert.ok(text.includes(expected), `label shows ${expected}`);
    }
  });

  it('books with the rate_id alone, as the spec requires nothing else', async () => {
    const sandbox = createSandbox();
    const rates = await getRates(sandbox);
    const quote = quoteNamed(rates, 'Parcelway Standard');
    const booked = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      shipments: [{ rate_id: quote.rate_id }],
    });
    assert.equal(booked.status, 200, booked.text);
    const entry = at(booked.json, `successful.${rates.remote_shipment_id}`) as Record<string, unknown>;
    assert.equal(entry.service_name, 'Parcelway Standard');
    assert.match(String(entry.tracking_number), /^PW\d+GB$/);
    const again = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      shipments: [{ rate_id: quote.rate_id }],
    });
    assert.match(
      String(at(again.json, `failed.${rates.remote_shipment_id}.errors.0`)),
      /already been booked/,
    );
    const unknown = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      shipments: [{ rate_id: 'parcelway-pw_standard-1' }],
    });
    assert.equal(unknown.status, 400);
    assert.match(String(at(unknown.json, 'error_messages.0')), /parcelway-pw_standard-1/);
  });

  it('books a ZPL label', async () => {
    const sandbox = createSandbox();
    const rates = await getRates(sandbox);
    const booked = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      label_format: 'ZPL',
      shipments: [
        { remote_shipment_id: rates.remote_shipment_id, rate_id: quoteNamed(rates, 'Economy Post').rate_id },
      ],
    });
    const entry = at(booked.json, `successful.${rates.remote_shipment_id}`) as Record<string, unknown>;
    assert.equal(entry.label_format, 'ZPL');
    const zpl = Buffer.from(String(entry.label_content), 'base64').toString();
    assert.ok(zpl.startsWith('^XA'));
    assert.ok(zpl.trimEnd().endsWith('^XZ'));
    assert.ok(zpl.includes(String(entry.tracking_number)));
  });

  it('books clean ZPL whose field data is escaped with ^FH, and the PDF shows the same facts', async () => {
    const sandbox = createSandbox();
    const to = { ...GB_TO, name: 'Zoë Müller_^~', line1: '12 Straße ~ Hof' };
    const rates = await getRates(sandbox, ratesBody({ to_address: to, customer_reference: 'SB-9_1' }));
    const rateId = quoteNamed(rates, 'Parcelway Standard').rate_id;
    const book = async (format: 'PDF' | 'ZPL') => {
      const again = await getRates(sandbox, ratesBody({ to_address: to, customer_reference: 'SB-9_1' }));
      const id = format === 'ZPL' ? rates.remote_shipment_id : again.remote_shipment_id;
      const rate = format === 'ZPL' ? rateId : quoteNamed(again, 'Parcelway Standard').rate_id;
      const booked = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
        label_format: format,
        shipments: [{ remote_shipment_id: id, rate_id: rate }],
      });
      assert.equal(booked.status, 200, booked.text);
      return at(booked.json, `successful.${id}`) as Record<string, unknown>;
    };
    const zplEntry = await book('ZPL');
    const zpl = Buffer.from(String(zplEntry.label_content), 'base64').toString('utf8');
    assert.ok(!zpl.includes('?'), zpl.slice(0, 80));
    const commands = zpl.split('\n');
    assert.deepEqual(commands.slice(0, 2), ['^XA', '^CI28']);
    assert.equal(commands.at(-1), '^XZ');
    // Every field carries ^FH and no raw ^ or ~ or _ inside its data.
    const fields = [...zpl.matchAll(/\^FD(.*?)\^FS/g)].map((match) => match[1] ?? '');
    assert.ok(fields.length > 8);
    for (const line of commands.filter((command) => command.includes('^FD'))) {
      assert.match(line, /\^FH\^FD/, line);
    }
    for (const data of fields)
      assert.doesNotMatch(data.replace(/_[0-9A-F]{2}/g, ''), /[\^~_]|[^\x20-\x7e]/, data);
    const decode = (data: string) =>
      Buffer.from(
        data.replace(/_([0-9A-F]{2})|[\s\S]/g, (match, hex: string | undefined) =>
          hex ? String.fromCharCode(parseInt(hex, 16)) : match,
        ),
        'latin1',
      ).toString('utf8');
    const zplText = fields.map(decode).join('\n');

    const pdfEntry = await book('PDF');
    const pdf = pdfText(String(pdfEntry.label_content));
    const weight = 'Weight: 1.20 kg';
    for (const fact of [
      'Parcelway Standard',
      'Zoë Müller_^~',
      '12 Straße ~ Hof',
      'SE5 9NR',
      'Sandbox Goods Ltd',
      'Dagenham RM9 6RH',
      weight,
      'Ref: SB-9_1',
    ]) {
      assert.ok(zplText.includes(fact), `ZPL shows ${fact}`);
      assert.ok(pdf.includes(fact), `PDF shows ${fact}`);
    }
    assert.ok(zplText.includes(String(zplEntry.tracking_number)));
    assert.ok(pdf.includes(String(pdfEntry.tracking_number)));
  });

  it('adds a customs invoice PDF for international shipments', async () => {
    const sandbox = createSandbox();
    const rates = await getRates(
      sandbox,
      ratesBody({
        to_address: US_TO,
        currency_code: 'USD',
        channel_items: [
          {
            remote_id: 'li-1',
            quantity: 2,
            value: '12.50',
            description: 'Enamel mug',
            tariff_code: '7323.94',
            country_of_manufacture: 'PL',
          },
        ],
      }),
    );
    const quote = quoteNamed(rates, 'Parcelway Standard');
    const booked = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      shipments: [
        {
          remote_shipment_id: rates.remote_shipment_id,
          rate_id: quote.rate_id,
          additional_input__SHIPMENT_DESCRIPTION: 'Two mugs',
        },
      ],
    });
    assert.equal(booked.status, 200, booked.text);
    const entry = at(booked.json, `successful.${rates.remote_shipment_id}`) as Record<string, unknown>;
    const invoice = String(entry.commercial_invoice_content);
    assert.equal(Buffer.from(invoice, 'base64').subarray(0, 5).toString(), '%PDF-');
    const text = pdfText(invoice);
    for (const expected of [
      'COMMERCIAL INVOICE',
      'Enamel mug',
      '7323.94',
      'Jordan Miles',
      String(entry.tracking_number),
    ]) {
      assert.ok(text.includes(expected), `invoice shows ${expected}`);
    }
  });

  it('lists an expired quote under failed, and a booked one cannot be booked again', async () => {
    const { sandbox, time } = sandboxWithClock({ quoteTtlMs: 60_000 });
    const stale = await getRates(sandbox);
    time.advance(30_000);
    const fresh = await getRates(sandbox);
    time.advance(31_000);
    const booked = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      shipments: [
        {
          remote_shipment_id: stale.remote_shipment_id,
          rate_id: quoteNamed(stale, 'Parcelway Standard').rate_id,
        },
        {
          remote_shipment_id: fresh.remote_shipment_id,
          rate_id: quoteNamed(fresh, 'Parcelway Standard').rate_id,
        },
      ],
    });
    assert.equal(booked.status, 200);
    assert.deepEqual(at(booked.json, `failed.${stale.remote_shipment_id}`), {
      errors: ['Quote has expired. Request new rates.'],
    });
    assert.ok(at(booked.json, `successful.${fresh.remote_shipment_id}.tracking_number`));

    const again = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      shipments: [
        {
          remote_shipment_id: fresh.remote_shipment_id,
          rate_id: quoteNamed(fresh, 'Parcelway Express').rate_id,
        },
      ],
    });
    assert.deepEqual(at(again.json, 'successful'), {});
    assert.match(
      String(at(again.json, `failed.${fresh.remote_shipment_id}.errors.0`)),
      /already been booked/,
    );
  });

  it('honours the TTL set through the control API', async () => {
    const { sandbox, time } = sandboxWithClock();
    const control = await sandbox.fetch(
      new Request('http://sandbox.test/__sandbox/config', {
        method: 'POST',
        body: JSON.stringify({ quoteTtlMs: 1000 }),
      }),
    );
    assert.equal(control.status, 200);
    const rates = await getRates(sandbox);
    assert.equal(rates.expires_at, '2026-03-02T10:00:01.000Z');
    time.advance(1001);
    const booked = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      shipments: [
        { remote_shipment_id: rates.remote_shipment_id, rate_id: quoteNamed(rates, 'Economy Post').rate_id },
      ],
    });
    assert.ok(at(booked.json, `failed.${rates.remote_shipment_id}`));
  });

  it('moves its clock on through the control API, and back on reset', async () => {
    const { sandbox } = sandboxWithClock();
    const advance = (body: unknown) =>
      sandbox.fetch(
        new Request('http://sandbox.test/__sandbox/clock', { method: 'POST', body: JSON.stringify(body) }),
      );
    const rates = await getRates(sandbox);
    assert.equal(rates.expires_at, '2026-03-02T10:15:00.000Z');
    const moved = await advance({ advanceMs: 15 * 60 * 1000 + 1 });
    assert.equal(moved.status, 200);
    assert.deepEqual(await moved.json(), { now: '2026-03-02T10:15:00.001Z' });
    const book = () =>
      call(sandbox, 'POST', '/shipping/api/v1/shipments', {
        shipments: [
          {
            remote_shipment_id: rates.remote_shipment_id,
            rate_id: quoteNamed(rates, 'Economy Post').rate_id,
          },
        ],
      });
    assert.ok(at((await book()).json, `failed.${rates.remote_shipment_id}`));
    assert.equal((await advance({ advanceMs: -1 })).status, 400);
    assert.equal((await advance({})).status, 400);
    sandbox.reset();
    assert.equal((await getRates(sandbox)).expires_at, '2026-03-02T10:15:00.000Z');
  });

  it('refuses options the quote did not offer, unknown shipments and malformed requests', async () => {
    const sandbox = createSandbox();
    const rates = await getRates(sandbox);
    const economy = quoteNamed(rates, 'Economy Post').rate_id;
    const standard = quoteNamed(rates, 'Parcelway Standard').rate_id;
    const book = (body: unknown) => call(sandbox, 'POST', '/shipping/api/v1/shipments', body);
    const one = (extra: Record<string, unknown>, rateId = standard) =>
      book({ shipments: [{ remote_shipment_id: rates.remote_shipment_id, rate_id: rateId, ...extra }] });
    const offKey = await one({ value_added_service__VAS_GROUP_ID_CONFIRMATION: 'SIGNATURE' }, economy);
    assert.equal(offKey.status, 400);
    assert.match(String(at(offKey.json, 'error_messages.0')), /not an option/);
    assert.equal(
      (await one({ value_added_service__VAS_GROUP_ID_CONFIRMATION: 'CARRIER_PIGEON' })).status,
      400,
    );
    assert.equal((await one({ liability_amount: 50 })).status, 400);
    assert.equal((await one({ additional_input__GIFT_MESSAGE: 'hi' })).status, 400);
    assert.equal((await one({ label_format: 'PNG' })).status, 400);
    assert.equal((await one({}, 'not-a-rate')).status, 400);
    assert.equal(
      (await book({ shipments: { remote_shipment_id: rates.remote_shipment_id, rate_id: standard } })).status,
      400,
    );
    assert.equal(
      (
        await book({
          request_token: 'forged',
          shipments: [{ remote_shipment_id: rates.remote_shipment_id, rate_id: standard }],
        })
      ).status,
      400,
    );
    const missing = await book({ shipments: [{ remote_shipment_id: 'shp_missing', rate_id: standard }] });
    assert.equal(missing.status, 404);
    assert.match(String(at(missing.json, 'error_messages.0')), /shp_missing/);
    // None of the refused requests booked anything.
    assert.equal((await one({})).status, 200);
  });
});

describe('sandbox faults on shipping endpoints', () => {
  it('answer in the error shape the spec gives each endpoint', async () => {
    const sandbox = createSandbox();
    const faulted = (fault: Record<string, unknown>) => ({ 'x-sandbox-fault': JSON.stringify(fault) });
    const rates = await call(
      sandbox,
      'POST',
      '/shipping/api/v1/rates',
      ratesBody(),
      faulted({ status: 422 }),
    );
    assert.equal(rates.status, 422);
    assert.deepEqual(Object.keys(rates.json as object), ['error_messages']);
    assert.ok(Array.isArray(at(rates.json, 'error_messages')));
    const booking = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {}, faulted({ status: 404 }));
    assert.deepEqual(Object.keys(booking.json as object), ['error_messages']);
    const configs = await call(
      sandbox,
      'GET',
      '/api/v2/shipping_configs',
      undefined,
      faulted({ status: 403 }),
    );
    assert.equal(configs.status, 403);
    assert.equal(at(configs.json, 'errors.0.status'), '403');
    assert.equal(typeof at(configs.json, 'errors.0.title'), 'string');
    assert.equal(typeof at(configs.json, 'errors.0.detail'), 'string');
    const listing = await call(sandbox, 'POST', '/api/v2/channel_sellables', {}, faulted({ status: 422 }));
    assert.equal(at(listing.json, 'errors.0.status'), '422');
    assert.equal(typeof at(listing.json, 'errors.0.source.pointer'), 'string');
    const shipment = await call(sandbox, 'POST', '/shipments', {}, faulted({ status: 400 }));
    assert.equal(typeof at(shipment.json, 'errors.0'), 'string');
    const order = await call(sandbox, 'GET', '/orders/1', undefined, faulted({ status: 404 }));
    assert.deepEqual(order.json, { status: '404', error: 'Not Found' });
    const custom = await call(
      sandbox,
      'POST',
      '/shipping/api/v1/rates',
      ratesBody(),
      faulted({ status: 500, body: { message: 'as given' } }),
    );
    assert.deepEqual(custom.json, { message: 'as given' });
  });
});

describe('sandbox shipping configurations', () => {
  it('pages, filters and includes services', async () => {
    const sandbox = createSandbox();
    const first = await call(sandbox, 'GET', '/api/v2/shipping_configs?page[size]=4');
    assert.equal(first.status, 200);
    assert.deepEqual(at(first.json, 'meta'), { page: 1, per_page: 4, total_pages: 2, total_count: 6 });
    assert.equal(at(first.json, 'data.length'), 4);
    assert.equal(at(first.json, 'data.0.type'), 'shipping_config');
    assert.equal(at(first.json, 'data.0.attributes.id'), SEED_IDS.shippingConfigs.parcelway);
    assert.equal(at(first.json, 'included'), undefined);
    const second = await call(sandbox, 'GET', '/api/v2/shipping_configs?page[size]=4&page[number]=2');
    assert.equal(at(second.json, 'data.length'), 2);
    const defaults = await call(sandbox, 'GET', '/api/v2/shipping_configs');
    assert.equal(at(defaults.json, 'meta.per_page'), 25);
    const enabled = await call(sandbox, 'GET', '/api/v2/shipping_configs?filter[enabled]=true');
    assert.equal(at(enabled.json, 'meta.total_count'), 4);
    const disabled = await call(sandbox, 'GET', '/api/v2/shipping_configs?filter[enabled]=false');
    assert.equal(at(disabled.json, 'meta.total_count'), 2);
    const included = await call(
      sandbox,
      'GET',
      '/api/v2/shipping_configs?include=shipping_services&page[size]=1',
    );
    assert.deepEqual(at(included.json, 'data.0.relationships.shipping_services.data.length'), 3);
    assert.deepEqual(
      (
        at(included.json, 'included') as { type: string; attributes: { name: string; hidden: boolean } }[]
      ).map((s) => [s.type, s.attributes.name, s.attributes.hidden]),
      [
        ['shipping_service', 'Parcelway Standard', false],
        ['shipping_service', 'Parcelway Express', false],
        ['shipping_service', 'Parcelway Saturday', true],
      ],
    );
    assert.equal(at(included.json, 'data.0.attributes.available_shipping_services_count'), 2);
    for (const query of ['page[size]=0', 'page[size]=101', 'page[number]=0', 'include=carriers']) {
      assert.equal((await call(sandbox, 'GET', `/api/v2/shipping_configs?${query}`)).status, 400, query);
    }
  });
});

describe('sandbox POST /shipments', () => {
  const shipment = (country: string) => ({
    destination_address: {
      first_name: 'Jordan',
      last_name: 'Miles',
      line_1: '215 West 40th Street',
      city: 'New York',
      zip: '10018',
      country,
    },
    collection_address: {
      name: 'Sandbox Goods Ltd',
      line_1: 'Unit 4',
      city: 'Dagenham',
      zip: 'RM9 6RH',
      country: 'GB',
    },
    contents: [
      {
        description: 'Enamel mug',
        quantity: 2,
        tariff_number: '7323.94',
        origin_country: 'PL',
        price_per_unit: 12.5,
        total_sale_price: 25,
        weight_in_grams: 680,
      },
    ],
    parcels: [{ dimensions: { height: 10, width: 20, length: 30, unit: 'cm' }, weight_in_grams: 800 }],
    total_price: 25,
    reference: 'SB-1004',
    currency_code: 'USD',
    delivery_cost: 14.5,
    service_code: 'PW_STANDARD',
  });
  const post = (sandbox: Sandbox, body: unknown, token = 'sandbox-app-token') =>
    call(sandbox, 'POST', '/shipments', body, { 'x-api-key': '', authentication: token });

  it('needs the app token in Authentication', async () => {
    const sandbox = createSandbox();
    assert.equal((await post(sandbox, shipment('US'), 'wrong')).status, 401);
    const withKey = await call(sandbox, 'POST', '/shipments', shipment('US'));
    assert.equal(withKey.status, 401);
  });

  it('answers a Base64 PDF label, a tracking number and a customs invoice abroad', async () => {
    const sandbox = createSandbox();
    const abroad = await post(sandbox, shipment('US'));
    assert.equal(abroad.status, 200, abroad.text);
    assert.equal(
      Buffer.from(String(at(abroad.json, 'label')), 'base64')
        .subarray(0, 4)
        .toString(),
      '%PDF',
    );
    assert.match(String(at(abroad.json, 'tracking_number')), /^PW/);
    assert.ok(pdfText(String(at(abroad.json, 'commercial_invoice_label'))).includes('Enamel mug'));
    const domestic = await post(sandbox, shipment('GB'));
    assert.equal(at(domestic.json, 'commercial_invoice_label'), undefined);
  });

  it('answers 400 with errors', async () => {
    const sandbox = createSandbox();
    const invalid = await post(sandbox, { ...shipment('US'), service_code: 'TELEPORT', parcels: [] });
    assert.equal(invalid.status, 400);
    assert.equal(at(invalid.json, 'errors.length'), 2);
    const unavailable = await post(sandbox, { ...shipment('US'), service_code: 'SC_NEXT_DAY' });
    assert.equal(unavailable.status, 400);
    assert.match(String(at(unavailable.json, 'errors.0')), /no international service/);
  });
});
