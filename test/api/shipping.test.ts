import { expect } from '@open-wc/testing';
import { normaliseQuote } from '../../src/api/index.js';
import { OpsError } from '../../src/api/index.js';
import type { RatesRequest } from '../../src/api/index.js';
import { RawQuoteSchema } from '../../src/api/schemas/shipping.js';
import { stubClient } from './setup.js';
import { json, rejectionOf, sample } from './stub-fetch.js';

const ratesRequest: RatesRequest = {
  to_address: {
    name: 'Sam Gamgee',
    line1: 'Bag End',
    town: 'Hobbiton',
    postcode: 'SH1 1BG',
    country_code: 'GB',
  },
  from_address: {
    name: 'Warehouse',
    line1: '1 Dock Rd',
    town: 'London',
    postcode: 'E1 1AA',
    country_code: 'GB',
  },
  parcels: [{ weight: 1.2, weight_unit: 'kg', length: 20, width: 10, height: 5, dimension_unit: 'cm' }],
  currency_code: 'GBP',
  shipping_configuration_ids: ['123'],
};

describe('shipping', () => {
  describe('getRates', () => {
    it('posts the request as given and normalises the live (sample-name) quotes', async () => {
      const { stub, client } = stubClient();
      stub.replyJson(await sample('rates-response-live-a.json'));
      const result = await client.getRates(ratesRequest);

      expect(stub.last.method).to.equal('POST');
      expect(stub.last.url.pathname).to.equal('/shipping/api/v1/rates');
      expect(stub.last.headers.get('accept')).to.equal('application/json');
      expect(stub.last.body).to.deep.equal(ratesRequest);

      expect(result.quotes).to.have.length(1);
      const quote = result.quotes[0]!;
      expect(quote.rateId).to.equal('marketplace_shipping-caa202f7-...');
      expect(quote.serviceName).to.equal('UPS® Ground');
      expect(quote.carrierId).to.equal('UPS');
      expect(quote.carrierName).to.equal('UPS');
      expect(quote.serviceCarrier).to.equal('ups');
      expect(quote.totalCharge).to.equal(15.78);
      expect(quote.baseRate).to.equal(15.78);
      expect(quote.deliveryEstimate).to.equal('2026-06-19T06:59:59.000Z');
      expect(quote.serviceOptions).to.deep.equal([]);
      expect(quote.ownAccount).to.equal(false);
      expect(quote.protected).to.equal(false);
      expect(quote.protections).to.deep.equal([]);
      expect(result.unavailableQuotes).to.deep.equal([]);
      expect(result.requestToken).to.equal(null);
    });

    it('turns a numeric carrier_id into a string and "0" into 0; keeps a null estimate', async () => {
      const { stub, client } = stubClient();
      stub.replyJson(await sample('rates-response-live-b.json'));
      const { quotes } = await client.getRates(ratesRequest);
      expect(quotes.map((quote) => quote.rateId)).to.deep.equal(['r1', 'r2', 'r3', 'r4']);
      expect(quotes.map((quote) => quote.carrierId)).to.deep.equal(['1', '1', '1', '2']);
      expect(quotes.map((quote) => quote.totalCharge)).to.deep.equal([5.62, 8.1, 3.9, 0]);
      expect(quotes[3]!.deliveryEstimate).to.equal(null);
      expect(quotes[0]!.deliveryEstimate).to.equal('2026-09-03T12:00:00.000Z');
      expect(quotes[0]!.carrierName).to.equal(null);
    });

    it('normalises the schema naming set the same way', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({
        quotes: [
          {
            carrier: 'royal_mail',
            carrier_nice_name: 'Royal Mail',
            title: 'Tracked 48',
            name: 'RM_T48',
            code: 'q-1',
            total_net_charge: '3.35',
            currency_code: 'GBP',
            delivery_date: '2026-05-02T17:00:00Z',
            own_account: true,
            protected: true,
            protections: ['late_delivery'],
            charges: [{ price: '0.50', charge_id: 'c1', charge_title: 'Fuel', charge_type: 'MANDATORY' }],
          },
        ],
        remote_shipment_id: 'prb8a99eb17',
        request_token: 'req-token',
        expires_at: '2026-05-01T10:15:00Z',
        to_address_id: 'to-1',
        from_address_id: null,
        unavailable_quotes: [
          {
            carrier: 'dhl',
            name: 'DHL_EXPRESS',
            service_carrier: null,
            sub_carrier_id: 'DHL',
            unavailable_reasons: [{ message: 'Parcel too heavy' }, { message: 'No account' }],
          },
        ],
      });
      const result = await client.getRates(ratesRequest);
      expect(result.quotes[0]).to.deep.equal({
        rateId: 'q-1',
        carrierId: 'royal_mail',
        carrierName: 'Royal Mail',
        serviceName: 'Tracked 48',
        serviceId: 'RM_T48',
        serviceCarrier: null,
        totalCharge: 3.35,
        currency: 'GBP',
        deliveryEstimate: '2026-05-02T17:00:00.000Z',
        ownAccount: true,
        protected: true,
        protections: ['late_delivery'],
        charges: [{ price: 0.5, chargeId: 'c1', chargeTitle: 'Fuel', chargeType: 'MANDATORY' }],
        serviceOptions: [],
        pickupWindow: null,
        baseRate: null,
        credits: null,
      });
      expect(result.remoteShipmentId).to.equal('prb8a99eb17');
      expect(result.requestToken).to.equal('req-token');
      expect(result.expiresAt).to.equal('2026-05-01T10:15:00.000Z');
      expect(result.toAddressId).to.equal('to-1');
      expect(result.fromAddressId).to.equal(null);
      expect(result.unavailableQuotes).to.deep.equal([
        {
          carrier: 'dhl',
          name: 'DHL_EXPRESS',
          serviceCarrier: null,
          subCarrierId: 'DHL',
          reasons: ['Parcel too heavy', 'No account'],
        },
      ]);
    });

    it('normalises the legacy quote fragment and its service options', async () => {
      const raw = RawQuoteSchema.parse(await sample('legacy-quote-fragment.json'));
      const quote = normaliseQuote(raw);
      expect(quote.rateId).to.equal(null);
      expect(quote.carrierId).to.equal('marketplace_shipping');
      expect(quote.carrierName).to.equal('USPS');
      expect(quote.serviceName).to.equal('USPS Ground Advantage (1 - 70 lb)');
      expect(quote.serviceId).to.equal('USPS_PTP_GAH');
      expect(quote.totalCharge).to.equal(null);
      expect(quote.serviceOptions).to.deep.equal([
        {
          key: 'value_added_service__VAS_GROUP_ID_CONFIRMATION',
          label: 'Confirmation',
          type: 'select',
          values: [
            { value: 'DELIVERY_CONFIRMATION', label: 'Delivery confirmation', price: 0, currency: 'USD' },
          ],
          default: null,
          multiple: false,
        },
        {
          key: 'liability_amount',
          label: 'Insurance',
          type: 'number',
          values: [],
          default: null,
          multiple: false,
          min: 100,
          max: 5000,
          unit: 'USD',
        },
      ]);
    });

    it('service options: title wins over label, unknown types read as text, keyless options dropped', () => {
      const quote = normaliseQuote(
        RawQuoteSchema.parse({
          rate_id: 'r',
          pickup_window: { start: '2026-01-01T09:00:00Z', end: '2026-01-01T17:00:00Z' },
          credits: '2',
          shipping_service_options: [
            {
              key: 'additional_input__SHIPMENT_DESCRIPTION',
              title: 'Description',
              label: 'ignored',
              type: 'textarea',
              default: 5,
            },
            { title: 'No key' },
            { key: 'value_added_service__X', type: 'select', multiple: true, values: [{ value: 1 }] },
          ],
        }),
      );
      expect(quote.serviceOptions).to.deep.equal([
        {
          key: 'additional_input__SHIPMENT_DESCRIPTION',
          label: 'Description',
          type: 'text',
          values: [],
          default: '5',
          multiple: false,
        },
        {
          key: 'value_added_service__X',
          label: 'value_added_service__X',
          type: 'select',
          values: [{ value: '1', label: '1' }],
          default: null,
          multiple: true,
        },
      ]);
      expect(quote.pickupWindow).to.deep.equal({
        start: '2026-01-01T09:00:00Z',
        end: '2026-01-01T17:00:00Z',
      });
      expect(quote.credits).to.equal(2);
    });

    it('a 400 with error_messages is a validation error; a 500 is not resent (POST)', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({ error_messages: ['Parcel weight must be at least 0.01'] }, 400);
      const error = (await rejectionOf(client.getRates(ratesRequest))) as OpsError;
      expect(error.code).to.equal('validation');
      expect(error.messages).to.deep.equal(['Parcel weight must be at least 0.01']);

      stub.always(() => json({}, 500));
      const serverError = (await rejectionOf(client.getRates(ratesRequest))) as OpsError;
      expect(serverError.code).to.equal('server');
      expect(stub.calls).to.have.length(2);
    });

    it('a quotes member that is not an array is invalid_response', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({ quotes: 'none' });
      expect(((await rejectionOf(client.getRates(ratesRequest))) as OpsError).code).to.equal(
        'invalid_response',
      );
    });
  });

  describe('bookShipments', () => {
    it('posts label_format, request_token and the shipments with their service option keys', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({
        successful: {
          prb8a99eb17: {
            tracking_number: '1Z999',
            carrier_id: 7,
            service_name: 'UPS Ground',
            label_format: 'PDF',
            label_content: 'JVBERi0=',
            total_charge: { value: '15.78', unit: 'USD' },
            charges: [{ chargeId: 'base', chargeType: 'MANDATORY', value: 15.78 }],
            linked_account: false,
          },
        },
        failed: {},
      });
      const result = await client.bookShipments({
        labelFormat: 'PDF',
        requestToken: 'req-token',
        shipments: [
          {
            remote_shipment_id: 'prb8a99eb17',
            rate_id: 'marketplace_shipping-df3f52c6-643e-4959-b802-f60ca1df42bb',
            value_added_service__VAS_GROUP_ID_CONFIRMATION: 'SIGNATURE',
            liability_amount: 200,
          },
        ],
      });
      expect(stub.last.method).to.equal('POST');
      expect(stub.last.url.pathname).to.equal('/shipping/api/v1/shipments');
      expect(stub.last.body).to.deep.equal({
        label_format: 'PDF',
        request_token: 'req-token',
        shipments: [
          {
            remote_shipment_id: 'prb8a99eb17',
            rate_id: 'marketplace_shipping-df3f52c6-643e-4959-b802-f60ca1df42bb',
            value_added_service__VAS_GROUP_ID_CONFIRMATION: 'SIGNATURE',
            liability_amount: 200,
          },
        ],
      });
      const booked = result.successful['prb8a99eb17']!;
      expect(booked.tracking_number).to.equal('1Z999');
      expect(booked.carrier_id).to.equal('7');
      expect(booked.total_charge).to.deep.equal({ value: 15.78, unit: 'USD' });
      expect(booked.label_content).to.equal('JVBERi0=');
      expect(booked.rate_id, 'the one shipment named by its remote_shipment_id').to.equal(
        'marketplace_shipping-df3f52c6-643e-4959-b802-f60ca1df42bb',
      );
      expect(result.failed).to.deep.equal({});
    });

    it('reports per-shipment failures and flags an expired quote', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({
        successful: {},
        failed: {
          a: { errors: ['Rate quote has expired'] },
          b: { errors: 'Address invalid' },
        },
      });
      const result = await client.bookShipments({ shipments: [{ rate_id: 'x' }, { rate_id: 'y' }] });
      expect(result.failed).to.deep.equal({
        // Keyed by neither rate: the answer does not say which failure is which.
        a: { rateId: null, errors: ['Rate quote has expired'], quoteExpired: true },
        b: { rateId: null, errors: ['Address invalid'], quoteExpired: false },
      });
    });

    it('a booking 400 that says the quote expired is quote_expired', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({ error_messages: ['Quote has expired, please re-quote'] }, 400);
      const error = (await rejectionOf(client.bookShipments({ shipments: [{ rate_id: 'r1' }] }))) as OpsError;
      expect(error.code).to.equal('quote_expired');
      expect(error.status).to.equal(400);
      expect(error.messages).to.deep.equal(['Quote has expired, please re-quote']);
    });

    it('another booking 400 stays validation; the same words elsewhere stay validation', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({ error_messages: ['Invalid request parameters'] }, 400);
      const booking = (await rejectionOf(
        client.bookShipments({ shipments: [{ rate_id: 'r1' }] }),
      )) as OpsError;
      expect(booking.code).to.equal('validation');
      stub.replyJson({ error_messages: ['Quote has expired'] }, 400);
      const rates = (await rejectionOf(client.getRates(ratesRequest))) as OpsError;
      expect(rates.code).to.equal('validation');
    });

    it('a booking 404 is not_found', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({ error_messages: ['Shipment not found'] }, 404);
      const error = (await rejectionOf(client.bookShipments({ shipments: [{ rate_id: 'r1' }] }))) as OpsError;
      expect(error.code).to.equal('not_found');
    });
  });

  describe('listShippingConfigs', () => {
    it('sends page[number], page[size], include and filter[enabled] with the JSON:API accept header', async () => {
      const { stub, client } = stubClient();
      stub.replyJson(await sample('shipping-configs-partial.json'));
      const result = await client.listShippingConfigs({
        page: 1,
        pageSize: 25,
        enabled: true,
        includeServices: true,
      });
      expect(stub.last.url.pathname).to.equal('/api/v2/shipping_configs');
      expect(stub.last.headers.get('accept')).to.equal('application/vnd.api+json');
      expect(Object.fromEntries(stub.last.url.searchParams)).to.deep.equal({
        'page[number]': '1',
        'page[size]': '25',
        include: 'shipping_services',
        'filter[enabled]': 'true',
      });
      const config = result.items[0]!;
      expect(config.id).to.equal('marketplace_shipping');
      expect(config.configuration_id).to.equal('123');
      expect(config.name).to.equal('Marketplace Shipping');
      expect(config.nickname).to.equal('My Marketplace Account');
      expect(config.shipping_services).to.deep.equal([]);
      expect(result.page).to.deep.equal({ index: 1, size: 25, totalCount: 5, totalPages: 1 });
    });

    it('resolves included shipping services; filter[enabled]=false is sent', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({
        data: [
          {
            id: 'ups',
            type: 'shipping_config',
            attributes: { id: null, carrier_id: 3, name: 'UPS', connected: false },
            relationships: {
              shipping_services: {
                data: [
                  { id: '11', type: 'shipping_service' },
                  { id: '12', type: 'shipping_service' },
                ],
              },
            },
          },
        ],
        included: [
          {
            id: '11',
            type: 'shipping_service',
            attributes: { service_id: 'UPS_GROUND', name: 'Ground', hidden: false },
          },
          {
            id: '99',
            type: 'shipping_service',
            attributes: { service_id: 'OTHER', name: 'Other', hidden: true },
          },
        ],
        meta: { page: 2, per_page: 10, total_pages: 3, total_count: 21 },
      });
      const result = await client.listShippingConfigs({ enabled: false });
      expect(stub.last.url.searchParams.get('filter[enabled]')).to.equal('false');
      expect(stub.last.url.searchParams.has('include')).to.equal(false);
      const config = result.items[0]!;
      expect(config.configuration_id).to.equal(null);
      expect(config.shipping_services.map((service) => [service.id, service.name ?? null])).to.deep.equal([
        ['11', 'Ground'],
        ['12', null],
      ]);
      expect(config.shipping_services[0]!.service_id).to.equal('UPS_GROUND');
      expect(result.page).to.deep.equal({ index: 2, size: 10, totalCount: 21, totalPages: 3 });
    });

    it('a 403 with JSON:API errors is forbidden', async () => {
      const { stub, client } = stubClient();
      stub.replyJson(
        { errors: [{ status: '403', title: 'Forbidden', detail: 'Insufficient permissions' }] },
        403,
      );
      const error = (await rejectionOf(client.listShippingConfigs())) as OpsError;
      expect(error.code).to.equal('forbidden');
      expect(error.messages).to.deep.equal(['Insufficient permissions']);
    });
  });

  describe('createShipment', () => {
    const shipment = {
      destination_address: {
        first_name: 'Sam',
        last_name: 'Gamgee',
        line_1: 'Bag End',
        city: 'Hobbiton',
        country: 'GB',
        zip: 'SH1 1BG',
      },
      collection_address: {
        name: 'Warehouse',
        line_1: '1 Dock Rd',
        city: 'London',
        country: 'GB',
        zip: 'E1 1AA',
      },
      contents: [{ description: 'Mug', quantity: 1, price_per_unit: 10, weight_in_grams: 400 }],
      parcels: [{ dimensions: { height: 10, width: 10, length: 10, unit: 'cm' }, weight_in_grams: 500 }],
      total_price: 10,
      reference: 'R-1',
      currency_code: 'GBP',
      delivery_cost: 3,
      service_code: 'RM_T48',
    };

    it('posts the shipment with the Authentication app token alone, not the account credential', async () => {
      const { stub, client } = stubClient({ appToken: 'app-token-1' });
      stub.replyJson({ label: 'JVBERi0=', tracking_number: 'TN1', commercial_invoice_label: 'JVBERi1=' });
      const result = await client.createShipment(shipment);
      expect(stub.last.method).to.equal('POST');
      expect(stub.last.url.pathname).to.equal('/shipments');
      expect(stub.last.headers.get('authentication')).to.equal('app-token-1');
      expect(stub.last.headers.has('x-api-key')).to.equal(false);
      expect(stub.last.headers.has('authorization')).to.equal(false);
      expect(stub.last.body).to.deep.equal(shipment);
      expect(result.label).to.equal('JVBERi0=');
      expect(result.tracking_number).to.equal('TN1');
      expect(result.commercial_invoice_label).to.equal('JVBERi1=');
    });

    it('reads the object form of tracking_number (legacy sample) as text', async () => {
      const { stub, client } = stubClient({ appToken: 'app-token-1' });
      stub.replyJson(await sample('legacy-shipment-create-response.json'));
      const result = await client.createShipment(shipment);
      expect(result.tracking_number).to.equal('12345679ABC');
      expect(result.label).to.equal(null);
      expect(result.commercial_invoice_label).to.equal(null);
    });

    it('a bearer-token client sends the app token alone as well', async () => {
      const { stub, client } = stubClient({
        credentials: { getToken: () => 'user-token' },
        appToken: 'app-1',
      });
      stub.replyJson({ label: 'x' });
      await client.createShipment(shipment);
      expect(stub.last.headers.get('authentication')).to.equal('app-1');
      expect(stub.last.headers.has('authorization')).to.equal(false);
    });

    it('with a credential but no app token it fails at once, with nothing sent', async () => {
      const { stub, client } = stubClient();
      const error = (await rejectionOf(client.createShipment(shipment))) as OpsError;
      expect(error).to.be.instanceOf(OpsError);
      expect(error.code).to.equal('unauthorized');
      expect(error.message).to.contain('appToken');
      expect(stub.calls).to.have.length(0);
    });

    it('through a proxy (no credentials) it sends no Authentication header: the proxy adds it', async () => {
      const { stub, client } = stubClient({ credentials: undefined });
      stub.replyJson({ label: 'x' });
      await client.createShipment(shipment);
      expect(stub.calls).to.have.length(1);
      expect(stub.last.headers.has('authentication')).to.equal(false);
    });

    it('a 400 {errors: [...]} is a validation error with those messages', async () => {
      const { stub, client } = stubClient({ appToken: 't' });
      stub.replyJson({ errors: ['Service code is not available'] }, 400);
      const error = (await rejectionOf(client.createShipment(shipment))) as OpsError;
      expect(error.code).to.equal('validation');
      expect(error.messages).to.deep.equal(['Service code is not available']);
    });
  });
});
