/**
 * What the API proxy's session (`GET <baseUrl>/session`) lets the signed-in caller do, read once
 * per client made with `session: true` and shared by every element using it. Any other client
 * (one with a credential of its own talks to the API itself) has no session, and every action is
 * open; so has a proxy without roles, which answers 404. A session that cannot be read leaves every action open too: the proxy
 * still refuses what the caller may not do, and the element shows that refusal as any error.
 */
import { html, nothing } from 'lit';
import type { ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import type { ClientCore } from '../api/core.js';
import { isRecord } from '../api/error-body.js';
import type { Session } from '../api/schemas/session.js';
import type { ResolvedLocale } from './locale.js';
import { commonMessages } from './messages.js';
import type { RoleTexts } from './roles.messages.js';

/** The operations an element asks the session about (the proxy's names). */
export type SessionOperation =
  | 'notes'
  | 'allocate'
  | 'stock'
  | 'listings'
  | 'stores'
  | 'rates'
  | 'buy'
  | 'edit-products'
  | 'edit-customers'
  | 'edit-delivery-methods';

/** A number, or a numeric string as the API's members sometimes are; else undefined. */
function numberIn(value: unknown): number | undefined {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
}

/** The answer a session was read from, kept for its spend limits, which only the buyers read (`withLimits`). */
const ANSWER = Symbol('answer');

/** Who the caller is and what their role allows: what every element reads of the session. */
function rolesFrom(body: unknown): Session | null {
  if (!isRecord(body) || typeof body['id'] !== 'string') return null;
  const allow = body['allow'];
  return {
    id: body['id'],
    allow: Array.isArray(allow)
      ? allow.filter((entry): entry is string => typeof entry === 'string')
      : undefined,
    [ANSWER]: body,
  } as Session;
}

/**
 * The session answer, read leniently as `SessionSchema` reads it (a member that does not fit is
 * left out), by hand: an element that reads a session then carries no schema code for it, and a
 * page's bundler splits nothing out of the element for it.
 */
export function sessionFrom(body: unknown): Session | null {
  const roles = rolesFrom(body);
  if (!roles || !isRecord(body)) return null;
  const limits = isRecord(body['limits']) ? body['limits'] : undefined;
  const spent = isRecord(body['spentToday']) ? body['spentToday'] : undefined;
  return {
    id: roles.id,
    allow: roles.allow,
    limits: limits && {
      labelsPerDay: numberIn(limits['labelsPerDay']),
      maxLabelCharge: numberIn(limits['maxLabelCharge']),
      maxDailySpend: numberIn(limits['maxDailySpend']),
    },
    spentToday: spent && {
      labels: numberIn(spent['labels']),
      amount: numberIn(spent['amount']),
      currency: typeof spent['currency'] === 'string' ? spent['currency'] : undefined,
      amounts: spent['amounts'],
    },
  };
}

/**
 * `session` with its spend limits read (`limits`, `spentToday`): a session an element's
 * `SessionController` holds was read for its roles only.
 */
export function withLimits(session: Session): Session {
  return sessionFrom((session as Session & { [ANSWER]?: unknown })[ANSWER]) ?? session;
}

const sessions = new WeakMap<ClientCore, Promise<Session | null>>();
const listeners = new Set<(client: ClientCore) => void>();
/** The texts of the operations the elements on the page ask about, handed to their controllers. */
const roleTexts = new Set<RoleTexts>();

/** `client`'s session: asked once, and again only after `sessionChanged(client)`. */
export function sessionOf(client: ClientCore): Promise<Session | null> {
  if (client.session !== true) return Promise.resolve(null);
  let session = sessions.get(client);
  if (!session) {
    const asked: Promise<Session | null> = client
      .request({ method: 'GET', path: '/session' })
      .then((answer) => rolesFrom(answer.body))
      .catch(() => {
        // Not kept: the next element or update asks again instead of leaving everything open.
        if (sessions.get(client) === asked) sessions.delete(client);
        return null;
      });
    session = asked;
    sessions.set(client, session);
  }
  return session;
}

/** Something `client` did changed its session (a label bought counts against today's limits). */
export function sessionChanged(client: ClientCore): void {
  if (client.session !== true) return;
  sessions.delete(client);
  for (const listener of [...listeners]) listener(client);
}

/**
 * Why `session`'s role does not let its caller take `operation`; undefined when it does (or there
 * is no session). Said in the words of `texts` (roles.messages.ts) or of those an element handed
 * its `SessionController`, else in general words.
 */
export function refusal(
  session: Session | null,
  operation: SessionOperation,
  locale: ResolvedLocale,
  texts?: RoleTexts,
): string | undefined {
  if (!session?.allow || session.allow.includes(operation)) return undefined;
  for (const words of texts ? [texts, ...roleTexts] : roleTexts) {
    const text = (words(locale) as Partial<Record<SessionOperation, string>>)[operation];
    if (text) return text;
  }
  return commonMessages(locale).roleForbids(operation);
}

/**
 * An element's view of its client's session: read when the element connects or its client
 * changes, and again after any element using the same client changed it.
 */
export class SessionController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #client: () => ClientCore;
  #read: ClientCore | undefined;
  #session: Session | null = null;
  /** The last reading asked for; an earlier one answering later is ignored. */
  #asked: Promise<Session | null> | undefined;
  #unlisten: (() => void) | undefined;

  /** `texts`: the words of the operations the element asks `refusal` about (roles.messages.ts). */
  constructor(host: ReactiveControllerHost, client: () => ClientCore, texts: readonly RoleTexts[] = []) {
    this.#host = host;
    this.#client = client;
    for (const words of texts) roleTexts.add(words);
    host.addController(this);
  }

  /** The session as last read; null while unread, or when there is none. */
  get session(): Session | null {
    return this.#session;
  }

  hostConnected(): void {
    const listener = (client: ClientCore) => {
      if (client === this.#read) this.#load(client);
    };
    listeners.add(listener);
    this.#unlisten = () => listeners.delete(listener);
    this.#read = undefined;
  }

  hostDisconnected(): void {
    this.#unlisten?.();
  }

  hostUpdate(): void {
    const client = this.#client();
    if (client !== this.#read) this.#load(client);
  }

  #load(client: ClientCore): void {
    // Another client is another caller: nothing of the last one's session holds for it.
    if (client !== this.#read) this.#session = null;
    this.#read = client;
    if (client.session !== true) {
      this.#session = null;
      return;
    }
    const asked = sessionOf(client);
    this.#asked = asked;
    void asked.then((session) => {
      if (this.#asked !== asked || session === this.#session) return;
      this.#session = session;
      this.#host.requestUpdate();
    });
  }
}

/** Why an action is disabled, beside it (`id` for the control's `aria-describedby`); nothing when it is not. */
export function renderRefusal(reason: string | undefined, id: string): TemplateResult | typeof nothing {
  return reason ? html`<p class="notice warning" id=${id} part="refusal">${reason}</p>` : nothing;
}
