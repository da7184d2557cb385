import type {
  Channel,
  ChannelProduct,
  ChannelSellable,
  Customer,
  DeliveryMethod,
  KitContent,
  Order,
  Product,
  Sellable,
  ShippingConfig,
  StockEntry,
  Tag,
  User,
  Warehouse,
} from './types.js';
import type { RateRequestRecord } from './shipping/rate-records.js';

/**
 * Shapes some live accounts answer in (see `quirks.ts`, which rewrites the answers): off by
 * default, each one on its own.
 */
export interface SandboxQuirks {
  /** Every `id` and `*_id` number becomes a numeric string (`"id": "3102"`). */
  stringIds: boolean;
  /** Every `tracking_number` string becomes `{ id, tracking_number }` (bookings, order shipments). */
  trackingNumberObjects: boolean;
  /**
   * A shipment's `tracking_number` becomes `{ value, carrier }` (the carrier's name); with
   * `trackingNumberObjects` too, only in booking answers, order shipments keeping `{ id, tracking_number }`.
   */
  trackingNumberValues: boolean;
  /**
   * A shipment's `carrier` is spelled the other way: text (the name) in order shipments and
   * `POST /shipments` answers, `{ id, name }` in booked shipments.
   */
  carrierVariants: boolean;
  /** A shipment is nested once more: `{ label_content, shipment: { tracking_number, … } }`. */
  nestedShipments: boolean;
  /**
   * Every quote of a rates answer carries the answer's `remote_shipment_id` (it names the parcel,
   * not the rate), and a booked shipment names the `rate_id` it was booked with.
   */
  sharedRemoteShipmentId: boolean;
  /**
   * The classic lists (`GET /orders`, `GET /channels`) send `X-Total-Count` but no
   * `X-Total-Pages-Count`, and the listings (`GET /api/v2/channel_sellables`) a `meta.page` with
   * `total_count` but no `total_pages`: the page count is left to the client.
   */
  noTotalPagesCount: boolean;
}

/** Settings that the control API (`POST {base}/__sandbox/config`) can change at run time. */
export interface SandboxConfig {
  /** How long a rate quote stays bookable. */
  quoteTtlMs: number;
  /** Throttle like the live service (leaky bucket 5/s, bucket 100) when on. */
  rateLimit: boolean | RateLimitSettings;
  /** Quote member names: the live ("sample") set or the schema set. */
  quoteNaming: 'sample' | 'schema';
  /**
   * Whether the account has the shipping feature. Off, rates answer 403 (feature not enabled)
   * and shipping configurations 403 (insufficient permissions), as the spec's errors say.
   */
  shippingEnabled: boolean;
  /** Shapes some live accounts answer in: ids as strings, tracking numbers as objects. */
  quirks: SandboxQuirks;
}

/** What `configure()` and `POST {base}/__sandbox/config` take: any settings, quirks merged in. */
export type SandboxSettings = Partial<Omit<SandboxConfig, 'quirks'>> & { quirks?: Partial<SandboxQuirks> };

export interface RateLimitSettings {
  perSecond: number;
  burst: number;
}

export interface OAuthCode {
  code: string;
  clientId: string;
  redirectUri: string;
  issuedAt: number;
  used: boolean;
  /** The PKCE S256 `code_challenge` sent on the authorize step, if any. */
  codeChallenge: string | null;
}

/** Everything one sandbox knows. `reset()` replaces it with a freshly seeded one. */
export class SandboxState {
  readonly users = new Map<number, User>();
  readonly warehouses = new Map<number, Warehouse>();
  readonly channels = new Map<number, Channel>();
  readonly products = new Map<number, Product>();
  readonly sellables = new Map<number, Sellable>();
  /** Stock entries by sellable id, then warehouse id: embedding them in line items stays cheap. */
  readonly stock = new Map<number, Map<number, StockEntry>>();
  readonly kitContents = new Map<number, KitContent>();
  readonly customers = new Map<number, Customer>();
  readonly deliveryMethods = new Map<number, DeliveryMethod>();
  readonly tags = new Map<number, Tag>();
  readonly orders = new Map<number, Order>();
  readonly channelProducts = new Map<number, ChannelProduct>();
  readonly channelSellables = new Map<number, ChannelSellable>();
  readonly shippingConfigs = new Map<number, ShippingConfig>();
  readonly rateRequests = new Map<string, RateRequestRecord>();
  readonly oauthCodes = new Map<string, OAuthCode>();
  /** Access tokens issued through OAuth; they act as the account owner. */
  readonly issuedTokens = new Set<string>();
  companyId = 0;
  ownerId = 0;
  private nextIdValue = 20_000_000;
  private readonly trackingNumberIds = new Map<string, number>();

  /** A fresh id, above every seeded one. */
  nextId(): number {
    this.nextIdValue += 1;
    return this.nextIdValue;
  }

  /** The id of a tracking number's record (served only with the `trackingNumberObjects` quirk). */
  trackingNumberId(trackingNumber: string): number {
    let id = this.trackingNumberIds.get(trackingNumber);
    if (id === undefined) {
      id = 12_600_001 + this.trackingNumberIds.size;
      this.trackingNumberIds.set(trackingNumber, id);
    }
    return id;
  }

  owner(): User {
    const user = this.users.get(this.ownerId);
    if (!user) throw new Error('The sandbox seed has no owner user');
    return user;
  }

  stockEntry(sellableId: number, warehouseId: number): StockEntry | undefined {
    return this.stock.get(sellableId)?.get(warehouseId);
  }

  setStockEntry(entry: StockEntry): void {
    let byWarehouse = this.stock.get(entry.sellable_id);
    if (!byWarehouse) {
      byWarehouse = new Map();
      this.stock.set(entry.sellable_id, byWarehouse);
    }
    byWarehouse.set(entry.warehouse_id, entry);
  }

  stockEntriesOf(sellableId: number): StockEntry[] {
    const byWarehouse = this.stock.get(sellableId);
    return byWarehouse ? [...byWarehouse.values()] : [];
  }

  sellableBySku(sku: string): Sellable | undefined {
    for (const sellable of this.sellables.values()) {
      if (sellable.sku_code === sku) return sellable;
    }
    return undefined;
  }
}

export function availableStock(entry: StockEntry): number {
  return entry.physical - entry.allocated;
}
