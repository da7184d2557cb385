import { createHash } from 'node:crypto';

/**
 * The proxy's rate limit: a leaky bucket per caller identity (what `authorize` returned),
 * matching the API's own limit (5 requests per second, bucket of 100). Buckets live in a store:
 * in memory for one proxy process, in Redis when several processes serve one site, so that
 * together they keep each identity to the limit.
 */
export interface RateLimitOptions {
  /** Requests drained from the bucket per second. Default 5. */
  perSecond?: number;
  /** Bucket size: how many requests may arrive at once. Default 100. */
  burst?: number;
  /** Where the buckets live. Default: a `MemoryRateLimitStore` of this proxy's own. */
  store?: RateLimitStore;
}

export interface RateLimitRule {
  perSecond: number;
  burst: number;
}

/**
 * Keeps leaky buckets. Keys are opaque digests, never a raw identity or credential. The same
 * object may carry the spend limits' methods (`SpendStore`) and the booking guard's
 * (`BookingGuardStore`); both stores of this module carry both.
 */
export interface RateLimitStore extends Partial<SpendStore>, Partial<BookingGuardStore> {
  /**
   * Takes one slot of the bucket for `key`. Resolves 0 when the request may go, otherwise the
   * number of milliseconds until a slot frees up (the slot is then not taken).
   */
  take(key: string, rule: RateLimitRule): Promise<number> | number;
}

/**
 * A quote's charge as the proxy learnt it from a rates answer: in thousandths of the currency's
 * unit (whole numbers, so sums are exact), and the currency (`''` when the quote named none).
 */
export interface KnownQuote {
  charge: number;
  currency: string;
}

/** Labels and spend of one identity in one UTC day; amounts in thousandths, per currency. */
export interface DailySpend {
  labels: number;
  amounts: Record<string, number>;
}

/** The daily ceilings a reservation must stay within (spend in thousandths, per currency). */
export interface DailyCeilings {
  labelsPerDay?: number;
  maxDailySpend?: number;
}

export type ReserveResult = { ok: true } | { ok: false; limit: 'labelsPerDay' | 'maxDailySpend' };

/**
 * What the proxy keeps for spend limits, in the same store as the rate limit (`key` is an
 * identity digest, `day` a UTC date `YYYY-MM-DD`). Both stores of this module implement it; a
 * store of your own without it cannot enforce limits (a caller with limits is refused buying).
 */
export interface SpendStore {
  /** Keeps the charges of quotes the caller was offered, for `ttlMs` (until the quotes expire). */
  rememberQuotes(
    key: string,
    quotes: readonly (KnownQuote & { rateId: string })[],
    ttlMs: number,
  ): Promise<void> | void;
  /** The charges of these quotes, in the same order; null for a quote not known (or expired). */
  knownQuotes(
    key: string,
    rateIds: readonly string[],
  ): Promise<(KnownQuote | null)[]> | (KnownQuote | null)[];
  /**
   * Adds `delta` to the day's labels and spend, atomically, unless that would go over a ceiling:
   * then nothing is added and the answer names the ceiling. The day is forgotten after `ttlMs`.
   */
  reserve(
    key: string,
    day: string,
    delta: DailySpend,
    ceilings: DailyCeilings,
    ttlMs: number,
  ): Promise<ReserveResult> | ReserveResult;
  /** Takes `delta` back off the day (a booking the API refused); never below zero. */
  release(key: string, day: string, delta: DailySpend, ttlMs: number): Promise<void> | void;
  /** The day's labels and spend so far. */
  spent(key: string, day: string): Promise<DailySpend> | DailySpend;
}

/**
 * What a quote ships, as the proxy read it from the rates request it passed on: the order
 * (`customer_reference`) and the line items (`channel_items[].remote_id`), or null for items when
 * the request named none (the quote then ships the whole order).
 */
export interface BookingTarget {
  orderNumber: string;
  items: readonly string[] | null;
}

/** One order's part of a booking: the line items it ships (null: the whole order). */
export interface OrderClaim extends BookingTarget {
  /**
   * The user confirmed a second label for this order (`X-Ops-Second-Label`): the claim is made
   * over whatever holds the order, and what it replaced is put back if this label is not bought.
   */
  secondLabel: boolean;
}

/**
 * A claim made (`at`: when, in milliseconds), or the order that holds it back: its earliest
 * claim in the way, and whether that label is bought or still being bought (or its outcome was
 * never heard).
 */
export type ClaimResult =
  { ok: true; at: number } | { ok: false; orderNumber: string; state: 'booking' | 'booked'; at: number };

/** What became of part of a claim once the API answered: bought (kept), or not bought (freed). */
export interface SettledClaim extends BookingTarget {
  outcome: 'booked' | 'freed';
}

/**
 * What the proxy keeps to hold one label per order and line item (`scope` is a digest of the
 * account, `claimId` names one booking request). Both stores of this module implement it; a
 * store of your own without it leaves the guard in each process's memory.
 */
export interface BookingGuardStore {
  /** Ties these ids (of the quotes of one rates answer) to what they ship, for `ttlMs`. */
  rememberTarget(
    scope: string,
    ids: readonly string[],
    target: BookingTarget,
    ttlMs: number,
  ): Promise<void> | void;
  /** What each id ships, in the same order; null for an id not known (or expired). */
  knownTargets(
    scope: string,
    ids: readonly string[],
  ): Promise<(BookingTarget | null)[]> | (BookingTarget | null)[];
  /**
   * Claims every order's items (or the whole order), all or nothing, for `holdMs`: refused when
   * an item claimed is claimed already, when a whole-order claim meets any claim of its order,
   * or an item claim a whole-order one (claims expire; `secondLabel` claims over them).
   */
  claimOrders(
    scope: string,
    claimId: string,
    orders: readonly OrderClaim[],
    holdMs: number,
  ): Promise<ClaimResult> | ClaimResult;
  /**
   * Marks what the claim bought as booked, kept `holdMs` from now, and frees what it did not
   * buy. Touches only what this claim still holds (a second label may have claimed over it).
   */
  settleClaim(
    scope: string,
    claimId: string,
    parts: readonly SettledClaim[],
    holdMs: number,
  ): Promise<void> | void;
}

/** Whether a store keeps the booking guard. */
export function isBookingGuardStore(store: RateLimitStore): store is RateLimitStore & BookingGuardStore {
  return (
    typeof store.rememberTarget === 'function' &&
    typeof store.knownTargets === 'function' &&
    typeof store.claimOrders === 'function' &&
    typeof store.settleClaim === 'function'
  );
}

/** The field of an order that a whole-order claim holds; a line item's field is never `*`. */
const WHOLE_ORDER = '*';

/** The memory store's fields of a claim: `item:<id>` for each line item, or `*`. */
function fieldsOf(target: BookingTarget): readonly string[] {
  return target.items ? target.items.map((item) => `item:${item}`) : [WHOLE_ORDER];
}

/** A claim on one field of an order in the memory store; `previous` is what a second label replaced. */
interface HeldClaim {
  state: 'booking' | 'booked';
  at: number;
  expiresAt: number;
  claimId: string;
  previous: HeldClaim | null;
}

/** Whether a store keeps spend limits. */
export function isSpendStore(store: RateLimitStore): store is RateLimitStore & SpendStore {
  return (
    typeof store.rememberQuotes === 'function' &&
    typeof store.knownQuotes === 'function' &&
    typeof store.reserve === 'function' &&
    typeof store.release === 'function' &&
    typeof store.spent === 'function'
  );
}

function overCeiling(have: DailySpend, delta: DailySpend, ceilings: DailyCeilings): ReserveResult {
  if (
    ceilings.labelsPerDay !== undefined &&
    delta.labels > 0 &&
    have.labels + delta.labels > ceilings.labelsPerDay
  )
    return { ok: false, limit: 'labelsPerDay' };
  if (ceilings.maxDailySpend !== undefined) {
    for (const [currency, amount] of Object.entries(delta.amounts)) {
      if (amount > 0 && (have.amounts[currency] ?? 0) + amount > ceilings.maxDailySpend)
        return { ok: false, limit: 'maxDailySpend' };
    }
  }
  return { ok: true };
}

export function rateLimitRule(options: RateLimitOptions): RateLimitRule {
  const rule = { perSecond: options.perSecond ?? 5, burst: options.burst ?? 100 };
  if (!(rule.perSecond > 0) || !(rule.burst >= 1) || !Number.isFinite(rule.burst))
    throw new RangeError('rateLimit needs perSecond > 0 and a finite burst >= 1');
  return rule;
}

/** The store key for an identity: a digest, so the store never holds a user's name or id. */
export function identityKey(identity: string): string {
  return createHash('sha256').update(`identity:${identity}`).digest('hex');
}

export interface MemoryRateLimitStoreOptions {
  /** Clock in milliseconds. Default `Date.now`. */
  now?: () => number;
  /**
   * Number of buckets above which drained buckets are swept out. Default 10 000. Only empty
   * buckets are ever dropped, so the store may hold more than this while that many identities
   * are busy at once; it then sweeps again at twice the size.
   */
  sweepAbove?: number;
}

/**
 * Buckets in this process's memory: right for a single proxy process. A bucket is forgotten
 * only once it has drained completely, when forgetting it changes nothing; a busy identity
 * never gets a fresh bucket, however many other identities come and go.
 */
export class MemoryRateLimitStore implements RateLimitStore, SpendStore, BookingGuardStore {
  readonly #now: () => number;
  readonly #sweepAbove: number;
  #nextSweep: number;
  /** key → the time the bucket is empty again and the level it had when last touched. */
  readonly #buckets = new Map<string, { level: number; at: number; emptyAt: number }>();
  /** identity key + rate id → a quote's charge, until it expires. */
  readonly #quotes = new Map<string, KnownQuote & { expiresAt: number }>();
  /** identity key + day → that day's labels and spend, until the day is over. */
  readonly #days = new Map<string, DailySpend & { expiresAt: number }>();
  /** scope + quote id → what the quote ships, until the quote expires. */
  readonly #targets = new Map<string, { target: BookingTarget; expiresAt: number }>();
  /** scope + order number → the claims on the order, by line item (or `*`). */
  readonly #orders = new Map<string, Map<string, HeldClaim>>();

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#sweepAbove = Math.max(1, options.sweepAbove ?? 10_000);
    this.#nextSweep = this.#sweepAbove;
  }

  /** How many buckets are held (for tests and monitoring). */
  get size(): number {
    return this.#buckets.size;
  }

  take(key: string, rule: RateLimitRule): number {
    const now = this.#now();
    const bucket = this.#buckets.get(key);
    const level = bucket ? Math.max(0, bucket.level - ((now - bucket.at) / 1000) * rule.perSecond) : 0;
    if (level + 1 > rule.burst) {
      this.#set(key, level, now, rule);
      return Math.ceil(((level + 1 - rule.burst) / rule.perSecond) * 1000);
    }
    this.#set(key, level + 1, now, rule);
    if (this.#buckets.size > this.#nextSweep) this.#sweep(now);
    return 0;
  }

  rememberQuotes(key: string, quotes: readonly (KnownQuote & { rateId: string })[], ttlMs: number): void {
    const now = this.#now();
    if (this.#quotes.size > this.#sweepAbove) {
      for (const [name, quote] of this.#quotes) if (quote.expiresAt <= now) this.#quotes.delete(name);
    }
    for (const quote of quotes) {
      this.#quotes.set(`${key}\n${quote.rateId}`, {
        charge: quote.charge,
        currency: quote.currency,
        expiresAt: now + ttlMs,
      });
    }
  }

  knownQuotes(key: string, rateIds: readonly string[]): (KnownQuote | null)[] {
    const now = this.#now();
    return rateIds.map((rateId) => {
      const quote = this.#quotes.get(`${key}\n${rateId}`);
      return quote && quote.expiresAt > now ? { charge: quote.charge, currency: quote.currency } : null;
    });
  }

  reserve(
    key: string,
    day: string,
    delta: DailySpend,
    ceilings: DailyCeilings,
    ttlMs: number,
  ): ReserveResult {
    const have = this.spent(key, day);
    const verdict = overCeiling(have, delta, ceilings);
    if (verdict.ok) this.#addToDay(key, day, delta, 1, ttlMs);
    return verdict;
  }

  release(key: string, day: string, delta: DailySpend, ttlMs: number): void {
    this.#addToDay(key, day, delta, -1, ttlMs);
  }

  spent(key: string, day: string): DailySpend {
    const entry = this.#days.get(`${key}\n${day}`);
    if (!entry || entry.expiresAt <= this.#now()) return { labels: 0, amounts: {} };
    return { labels: entry.labels, amounts: { ...entry.amounts } };
  }

  rememberTarget(scope: string, ids: readonly string[], target: BookingTarget, ttlMs: number): void {
    const now = this.#now();
    if (this.#targets.size > this.#sweepAbove) {
      for (const [name, entry] of this.#targets) if (entry.expiresAt <= now) this.#targets.delete(name);
    }
    const kept = { orderNumber: target.orderNumber, items: target.items ? [...target.items] : null };
    for (const id of ids) this.#targets.set(`${scope}\n${id}`, { target: kept, expiresAt: now + ttlMs });
  }

  knownTargets(scope: string, ids: readonly string[]): (BookingTarget | null)[] {
    const now = this.#now();
    return ids.map((id) => {
      const entry = this.#targets.get(`${scope}\n${id}`);
      return entry && entry.expiresAt > now ? entry.target : null;
    });
  }

  claimOrders(scope: string, claimId: string, orders: readonly OrderClaim[], holdMs: number): ClaimResult {
    const now = this.#now();
    if (this.#orders.size > this.#sweepAbove) {
      for (const name of [...this.#orders.keys()]) this.#liveClaims(name, now);
    }
    for (const order of orders) {
      if (order.secondLabel) continue;
      const wanted = new Set(fieldsOf(order));
      let first: HeldClaim | null = null;
      let booked = false;
      for (const [field, claim] of this.#liveClaims(`${scope}\n${order.orderNumber}`, now)) {
        if (!wanted.has(WHOLE_ORDER) && field !== WHOLE_ORDER && !wanted.has(field)) continue;
        if (!first || claim.at < first.at) first = claim;
        booked ||= claim.state === 'booked';
      }
      if (first)
        return {
          ok: false,
          orderNumber: order.orderNumber,
          state: booked ? 'booked' : 'booking',
          at: first.at,
        };
    }
    for (const order of orders) {
      const name = `${scope}\n${order.orderNumber}`;
      const held = this.#liveClaims(name, now);
      this.#orders.set(name, held);
      for (const field of fieldsOf(order)) {
        const replaced = order.secondLabel ? held.get(field) : undefined;
        held.set(field, {
          state: 'booking',
          at: now,
          expiresAt: now + holdMs,
          claimId,
          previous: replaced ? { ...replaced, previous: null } : null,
        });
      }
    }
    return { ok: true, at: now };
  }

  settleClaim(scope: string, claimId: string, parts: readonly SettledClaim[], holdMs: number): void {
    const now = this.#now();
    for (const part of parts) {
      const name = `${scope}\n${part.orderNumber}`;
      const held = this.#liveClaims(name, now);
      for (const field of fieldsOf(part)) {
        const claim = held.get(field);
        if (claim?.claimId !== claimId) continue;
        if (part.outcome === 'booked')
          held.set(field, { ...claim, state: 'booked', expiresAt: now + holdMs, previous: null });
        else if (claim.previous && claim.previous.expiresAt > now) held.set(field, claim.previous);
        else held.delete(field);
      }
      if (held.size === 0) this.#orders.delete(name);
    }
  }

  /** The claims on one order that have not expired (the expired ones are dropped). */
  #liveClaims(name: string, now: number): Map<string, HeldClaim> {
    const held = this.#orders.get(name) ?? new Map<string, HeldClaim>();
    for (const [field, claim] of held) if (claim.expiresAt <= now) held.delete(field);
    if (held.size === 0) this.#orders.delete(name);
    return held;
  }

  #addToDay(key: string, day: string, delta: DailySpend, sign: 1 | -1, ttlMs: number): void {
    const now = this.#now();
    if (this.#days.size > this.#sweepAbove) {
      for (const [name, entry] of this.#days) if (entry.expiresAt <= now) this.#days.delete(name);
    }
    const have = this.spent(key, day);
    const amounts = { ...have.amounts };
    for (const [currency, amount] of Object.entries(delta.amounts))
      amounts[currency] = Math.max(0, (amounts[currency] ?? 0) + sign * amount);
    this.#days.set(`${key}\n${day}`, {
      labels: Math.max(0, have.labels + sign * delta.labels),
      amounts,
      expiresAt: now + ttlMs,
    });
  }

  #set(key: string, level: number, at: number, rule: RateLimitRule): void {
    this.#buckets.set(key, { level, at, emptyAt: at + (level / rule.perSecond) * 1000 });
  }

  #sweep(now: number): void {
    for (const [key, bucket] of this.#buckets) if (bucket.emptyAt <= now) this.#buckets.delete(key);
    this.#nextSweep = Math.max(this.#sweepAbove, this.#buckets.size * 2);
  }
}

/**
 * The part of a Redis client the store uses: `eval` and `evalsha` as ioredis spells them
 * (`client.evalsha(sha, numKeys, ...keysAndArgs)`). An `ioredis` `Redis` or `Cluster` instance
 * fits as it is; another client needs a two-line adapter.
 */
export interface RedisScriptClient {
  evalsha(sha1: string, numKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
  eval(script: string, numKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
}

export interface RedisRateLimitStoreOptions {
  /** A connected Redis client, e.g. `new Redis(process.env.REDIS_URL)` from `ioredis`. */
  client: RedisScriptClient;
  /** Prefix of the keys the store writes. Default `ops-proxy:rate:`. */
  prefix?: string;
}

/**
 * One atomic step of the leaky bucket, run inside Redis so that concurrent proxies cannot both
 * take the last slot. Time comes from the Redis server, so the proxies' clocks do not matter.
 * A bucket expires once it would have drained, so idle identities cost no memory.
 */
const LEAKY_BUCKET_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local stored = redis.call('HMGET', KEYS[1], 'level', 'at')
local level = tonumber(stored[1]) or 0
local at = tonumber(stored[2]) or now
level = math.max(0, level - math.max(0, now - at) / 1000 * rate)
local wait = 0
if level + 1 > burst then
  wait = math.ceil((level + 1 - burst) / rate * 1000)
else
  level = level + 1
end
redis.call('HSET', KEYS[1], 'level', tostring(level), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(level / rate * 1000) + 1000)
return wait
`;

/** Keeps quotes' charges: KEYS are the quotes' keys, ARGV[1] the time to keep them, then values. */
const REMEMBER_SCRIPT = `
for i, key in ipairs(KEYS) do
  redis.call('SET', key, ARGV[i + 1], 'PX', ARGV[1])
end
return 1
`;

const KNOWN_SCRIPT = `return redis.call('MGET', unpack(KEYS))`;

/**
 * Adds to (or, with negative amounts and no ceilings, takes back from) one identity's day, all
 * or nothing, so that concurrent proxies cannot both spend the last of a limit. KEYS[1] is the
 * day; ARGV: time to keep it, labels, label ceiling (-1: none), spend ceiling (-1: none), then
 * pairs of currency and amount.
 */
const RESERVE_SCRIPT = `
local ttl = tonumber(ARGV[1])
local labels = tonumber(ARGV[2])
local maxLabels = tonumber(ARGV[3])
local maxSpend = tonumber(ARGV[4])
if maxLabels >= 0 and labels > 0 then
  local have = tonumber(redis.call('HGET', KEYS[1], 'labels')) or 0
  if have + labels > maxLabels then return 'labelsPerDay' end
end
if maxSpend >= 0 then
  for i = 5, #ARGV, 2 do
    local amount = tonumber(ARGV[i + 1])
    local have = tonumber(redis.call('HGET', KEYS[1], 'amount:' .. ARGV[i])) or 0
    if amount > 0 and have + amount > maxSpend then return 'maxDailySpend' end
  end
end
if redis.call('HINCRBY', KEYS[1], 'labels', labels) < 0 then redis.call('HSET', KEYS[1], 'labels', 0) end
for i = 5, #ARGV, 2 do
  local field = 'amount:' .. ARGV[i]
  if redis.call('HINCRBY', KEYS[1], field, ARGV[i + 1]) < 0 then redis.call('HSET', KEYS[1], field, 0) end
end
redis.call('PEXPIRE', KEYS[1], ttl)
return 'ok'
`;

const SPENT_SCRIPT = `return redis.call('HGETALL', KEYS[1])`;

/**
 * What the booking guard's scripts share. An order is one hash; its fields are line items (or `*`
 * for the whole order), each holding one claim: `<state>:<claimed at>:<expires at>:<claim id>`,
 * then `|` and the claim a second label replaced. Fields have no TTL of their own (Redis 7.0),
 * so each claim carries its expiry, and the hash expires with its latest claim. Times are
 * milliseconds of the Redis server's clock.
 */
const CLAIM_PRELUDE = `
local function clock()
  local time = redis.call('TIME')
  return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local function parse(value)
  if not value then return nil end
  local state, at, expires, id, rest = string.match(value, '^(%a+):(%d+):(%d+):(%w+)(.*)$')
  if not state then return nil end
  local previous = nil
  if string.sub(rest, 1, 1) == '|' then previous = string.sub(rest, 2) end
  return { state = state, at = tonumber(at), expires = tonumber(expires), id = id, previous = previous }
end
local function claim(state, at, expires, id)
  return state .. ':' .. string.format('%.0f', at) .. ':' .. string.format('%.0f', expires) .. ':' .. id
end
local function tidy(key, now)
  local stored = redis.call('HGETALL', key)
  local latest = 0
  for i = 1, #stored, 2 do
    local held = parse(stored[i + 1])
    if not held or held.expires <= now then
      redis.call('HDEL', key, stored[i])
    elseif held.expires > latest then
      latest = held.expires
    end
  end
  if latest > now then redis.call('PEXPIRE', key, math.ceil(latest - now)) end
end
`;

/**
 * Claims orders for one booking, all or nothing. KEYS are the orders' hashes; ARGV: time to hold
 * the claims, the claim id, then for each order: 1 for a second label (0 otherwise), the number
 * of fields, the fields. Answers `{0, 'ok', now}`, or the order in the way: `{its position,
 * state, time of its earliest claim in the way}`.
 */
const CLAIM_SCRIPT = `${CLAIM_PRELUDE}
local hold = tonumber(ARGV[1])
local id = ARGV[2]
local now = clock()
local orders = {}
local at = 3
for k = 1, #KEYS do
  local second = ARGV[at] == '1'
  local count = tonumber(ARGV[at + 1])
  local fields = {}
  for j = 1, count do fields[j] = ARGV[at + 1 + j] end
  at = at + 2 + count
  orders[k] = { second = second, fields = fields }
  if not second then
    local wanted = {}
    for _, field in ipairs(fields) do wanted[field] = true end
    local stored = redis.call('HGETALL', KEYS[k])
    local first, state = nil, nil
    for i = 1, #stored, 2 do
      local held = parse(stored[i + 1])
      if held and held.expires > now and (wanted['*'] or stored[i] == '*' or wanted[stored[i]]) then
        if not first or held.at < first then first = held.at end
        if held.state == 'booked' or not state then state = held.state end
      end
    end
    if first then return { k, state, string.format('%.0f', first) } end
  end
end
for k, order in ipairs(orders) do
  for _, field in ipairs(order.fields) do
    local value = claim('booking', now, now + hold, id)
    if order.second then
      local replaced = parse(redis.call('HGET', KEYS[k], field))
      if replaced and replaced.expires > now then
        value = value .. '|' .. claim(replaced.state, replaced.at, replaced.expires, replaced.id)
      end
    end
    redis.call('HSET', KEYS[k], field, value)
  end
  tidy(KEYS[k], now)
end
return { 0, 'ok', string.format('%.0f', now) }
`;

/**
 * Settles one booking's claims. KEYS are the orders' hashes; ARGV: time to keep what was bought,
 * the claim id, then for each order: the number of fields, then pairs of field and outcome
 * (`booked` or `freed`). A field another claim took over since is left alone.
 */
const SETTLE_SCRIPT = `${CLAIM_PRELUDE}
local hold = tonumber(ARGV[1])
local id = ARGV[2]
local now = clock()
local at = 3
for k = 1, #KEYS do
  local count = tonumber(ARGV[at])
  for j = 1, count do
    local field = ARGV[at + 2 * j - 1]
    local held = parse(redis.call('HGET', KEYS[k], field))
    if held and held.id == id then
      if ARGV[at + 2 * j] == 'booked' then
        redis.call('HSET', KEYS[k], field, claim('booked', held.at, now + hold, id))
      else
        local previous = parse(held.previous)
        if previous and previous.expires > now then
          redis.call('HSET', KEYS[k], field, held.previous)
        else
          redis.call('HDEL', KEYS[k], field)
        end
      end
    end
  end
  at = at + 1 + 2 * count
  tidy(KEYS[k], now)
end
return 1
`;

const sha1 = (script: string): string => createHash('sha1').update(script).digest('hex');
const SCRIPT_SHA1 = sha1(LEAKY_BUCKET_SCRIPT);
const SCRIPTS = {
  bucket: { text: LEAKY_BUCKET_SCRIPT, sha: SCRIPT_SHA1 },
  remember: { text: REMEMBER_SCRIPT, sha: sha1(REMEMBER_SCRIPT) },
  known: { text: KNOWN_SCRIPT, sha: sha1(KNOWN_SCRIPT) },
  reserve: { text: RESERVE_SCRIPT, sha: sha1(RESERVE_SCRIPT) },
  spent: { text: SPENT_SCRIPT, sha: sha1(SPENT_SCRIPT) },
  claim: { text: CLAIM_SCRIPT, sha: sha1(CLAIM_SCRIPT) },
  settle: { text: SETTLE_SCRIPT, sha: sha1(SETTLE_SCRIPT) },
} as const;

/** A quote's target as the Redis store keeps it (JSON: `{"o": order number, "i": items or null}`). */
function parseTarget(value: unknown): BookingTarget | null {
  if (typeof value !== 'string') return null;
  try {
    const read = JSON.parse(value) as unknown;
    if (typeof read !== 'object' || read === null) return null;
    const { o: orderNumber, i: items } = read as { o?: unknown; i?: unknown };
    if (typeof orderNumber !== 'string') return null;
    if (items === null) return { orderNumber, items: null };
    if (!Array.isArray(items) || !items.every((item) => typeof item === 'string')) return null;
    return { orderNumber, items: items as string[] };
  } catch {
    return null;
  }
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A quote's charge as the Redis store keeps it: `<thousandths> <currency>`. */
function parseKnownQuote(value: unknown): KnownQuote | null {
  if (typeof value !== 'string') return null;
  const space = value.indexOf(' ');
  const charge = Number(space === -1 ? value : value.slice(0, space));
  if (!Number.isSafeInteger(charge)) return null;
  return { charge, currency: space === -1 ? '' : value.slice(space + 1) };
}

/**
 * Buckets in Redis, shared by every proxy process that uses the same Redis: one identity is
 * kept to the limit across all of them. Each take is one `EVALSHA` round trip (the script is
 * loaded on first use). When Redis cannot be reached the proxy answers 503 rather than let
 * requests through unlimited.
 */
export class RedisRateLimitStore implements RateLimitStore, SpendStore, BookingGuardStore {
  readonly #client: RedisScriptClient;
  readonly #prefix: string;

  constructor(options: RedisRateLimitStoreOptions) {
    if (typeof options?.client?.evalsha !== 'function' || typeof options.client.eval !== 'function') {
      throw new TypeError(
        'RedisRateLimitStore needs { client }: a Redis client with eval and evalsha (ioredis)',
      );
    }
    this.#client = options.client;
    this.#prefix = options.prefix ?? 'ops-proxy:rate:';
  }

  async take(key: string, rule: RateLimitRule): Promise<number> {
    const reply = await this.#run(SCRIPTS.bucket, [this.#prefix + key], [rule.perSecond, rule.burst]);
    const wait = Number(reply);
    if (!Number.isFinite(wait) || wait < 0) throw new Error('Unexpected answer from the rate-limit script');
    return wait;
  }

  async rememberQuotes(
    key: string,
    quotes: readonly (KnownQuote & { rateId: string })[],
    ttlMs: number,
  ): Promise<void> {
    if (quotes.length === 0) return;
    await this.#run(
      SCRIPTS.remember,
      quotes.map((quote) => this.#quoteKey(key, quote.rateId)),
      [Math.max(1, Math.ceil(ttlMs)), ...quotes.map((quote) => `${quote.charge} ${quote.currency}`)],
    );
  }

  async knownQuotes(key: string, rateIds: readonly string[]): Promise<(KnownQuote | null)[]> {
    if (rateIds.length === 0) return [];
    const reply = await this.#run(
      SCRIPTS.known,
      rateIds.map((rateId) => this.#quoteKey(key, rateId)),
      [],
    );
    if (!Array.isArray(reply) || reply.length !== rateIds.length)
      throw new Error('Unexpected answer from the quote script');
    return reply.map(parseKnownQuote);
  }

  async reserve(
    key: string,
    day: string,
    delta: DailySpend,
    ceilings: DailyCeilings,
    ttlMs: number,
  ): Promise<ReserveResult> {
    const reply = await this.#addToDay(key, day, delta, 1, ceilings, ttlMs);
    if (reply === 'ok') return { ok: true };
    if (reply === 'labelsPerDay' || reply === 'maxDailySpend') return { ok: false, limit: reply };
    throw new Error('Unexpected answer from the spend script');
  }

  async release(key: string, day: string, delta: DailySpend, ttlMs: number): Promise<void> {
    await this.#addToDay(key, day, delta, -1, {}, ttlMs);
  }

  async spent(key: string, day: string): Promise<DailySpend> {
    const reply = await this.#run(SCRIPTS.spent, [this.#dayKey(key, day)], []);
    const spent: DailySpend = { labels: 0, amounts: {} };
    if (!Array.isArray(reply)) throw new Error('Unexpected answer from the spend script');
    for (let i = 0; i + 1 < reply.length; i += 2) {
      const field = String(reply[i]);
      const value = Number(reply[i + 1]);
      if (!Number.isSafeInteger(value)) continue;
      if (field === 'labels') spent.labels = value;
      else if (field.startsWith('amount:') && value !== 0) spent.amounts[field.slice(7)] = value;
    }
    return spent;
  }

  async rememberTarget(
    scope: string,
    ids: readonly string[],
    target: BookingTarget,
    ttlMs: number,
  ): Promise<void> {
    if (ids.length === 0) return;
    const value = JSON.stringify({ o: target.orderNumber, i: target.items });
    await this.#run(
      SCRIPTS.remember,
      ids.map((id) => this.#targetKey(scope, id)),
      [Math.max(1, Math.ceil(ttlMs)), ...ids.map(() => value)],
    );
  }

  async knownTargets(scope: string, ids: readonly string[]): Promise<(BookingTarget | null)[]> {
    if (ids.length === 0) return [];
    const reply = await this.#run(
      SCRIPTS.known,
      ids.map((id) => this.#targetKey(scope, id)),
      [],
    );
    if (!Array.isArray(reply) || reply.length !== ids.length)
      throw new Error('Unexpected answer from the target script');
    return reply.map(parseTarget);
  }

  async claimOrders(
    scope: string,
    claimId: string,
    orders: readonly OrderClaim[],
    holdMs: number,
  ): Promise<ClaimResult> {
    if (orders.length === 0) return { ok: true, at: Date.now() };
    const reply = await this.#run(
      SCRIPTS.claim,
      orders.map((order) => this.#orderKey(scope, order.orderNumber)),
      [
        Math.max(1, Math.ceil(holdMs)),
        claimId,
        ...orders.flatMap((order) => {
          const fields = this.#fieldsOf(order);
          return [order.secondLabel ? 1 : 0, fields.length, ...fields];
        }),
      ],
    );
    if (!Array.isArray(reply) || reply.length !== 3)
      throw new Error('Unexpected answer from the claim script');
    const [position, state, at] = [Number(reply[0]), String(reply[1]), Number(reply[2])];
    if (!Number.isSafeInteger(at)) throw new Error('Unexpected answer from the claim script');
    if (position === 0 && state === 'ok') return { ok: true, at };
    const order = orders[position - 1];
    if (!order || (state !== 'booking' && state !== 'booked'))
      throw new Error('Unexpected answer from the claim script');
    return { ok: false, orderNumber: order.orderNumber, state, at };
  }

  async settleClaim(
    scope: string,
    claimId: string,
    parts: readonly SettledClaim[],
    holdMs: number,
  ): Promise<void> {
    // One key per order: the parts of one order become one list of fields.
    const byOrder = new Map<string, (string | number)[]>();
    for (const part of parts) {
      const fields = byOrder.get(part.orderNumber) ?? [];
      for (const field of this.#fieldsOf(part)) fields.push(field, part.outcome);
      byOrder.set(part.orderNumber, fields);
    }
    if (byOrder.size === 0) return;
    await this.#run(
      SCRIPTS.settle,
      [...byOrder.keys()].map((orderNumber) => this.#orderKey(scope, orderNumber)),
      [
        Math.max(1, Math.ceil(holdMs)),
        claimId,
        ...[...byOrder.values()].flatMap((fields) => [fields.length / 2, ...fields]),
      ],
    );
  }

  /*
   * The guard's keys carry the scope in braces (a Redis Cluster hash tag), so every script of
   * one booking touches keys of one slot.
   */
  #targetKey(scope: string, id: string): string {
    return `${this.#prefix}target:{${scope}}:${digest(`${scope}\n${id}`)}`;
  }

  #orderKey(scope: string, orderNumber: string): string {
    return `${this.#prefix}order:{${scope}}:${digest(`${scope}\n${orderNumber}`)}`;
  }

  /** The hash fields of a claim: digests of its line items, or `*` for the whole order. */
  #fieldsOf(target: BookingTarget): string[] {
    return target.items ? target.items.map(digest) : [WHOLE_ORDER];
  }

  #quoteKey(key: string, rateId: string): string {
    return `${this.#prefix}quote:${createHash('sha256').update(`${key}\n${rateId}`).digest('hex')}`;
  }

  #dayKey(key: string, day: string): string {
    return `${this.#prefix}day:${key}:${day}`;
  }

  #addToDay(
    key: string,
    day: string,
    delta: DailySpend,
    sign: 1 | -1,
    ceilings: DailyCeilings,
    ttlMs: number,
  ): Promise<unknown> {
    return this.#run(
      SCRIPTS.reserve,
      [this.#dayKey(key, day)],
      [
        Math.max(1, Math.ceil(ttlMs)),
        sign * delta.labels,
        ceilings.labelsPerDay ?? -1,
        ceilings.maxDailySpend ?? -1,
        ...Object.entries(delta.amounts).flatMap(([currency, amount]) => [currency, sign * amount]),
      ],
    );
  }

  /** One script run: `EVALSHA`, and `EVAL` when Redis does not have the script (yet, or any more). */
  async #run(
    script: { text: string; sha: string },
    keys: readonly string[],
    args: readonly (string | number)[],
  ): Promise<unknown> {
    try {
      return await this.#client.evalsha(script.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!String((error as { message?: unknown } | null)?.message ?? '').includes('NOSCRIPT')) throw error;
      return await this.#client.eval(script.text, keys.length, ...keys, ...args);
    }
  }
}
