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
import type { Session } from '../api/schemas/session.js';
import type { ResolvedLocale } from './locale.js';
import { commonMessages } from './messages.js';
import { roleMessages } from './roles.messages.js';
import { sessionFrom } from './session-read.js';

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
  | 'edit-delivery-methods'
  | 'print';

const sessions = new WeakMap<ClientCore, Promise<Session | null>>();
const listeners = new Set<(client: ClientCore) => void>();

/** Has every element of `client` read its session (again). */
function tell(client: ClientCore): void {
  for (const listener of [...listeners]) listener(client);
}

/** `client`'s session: asked once, and again only after `sessionChanged(client)`. */
export function sessionOf(client: ClientCore): Promise<Session | null> {
  if (client.session !== true) return Promise.resolve(null);
  let session = sessions.get(client);
  if (!session) {
    const asked: Promise<Session | null> = client
      .request({ method: 'GET', path: '/session' })
      .then((answer) => {
        // Every element of the client reads this one, those whose own reading failed too.
        tell(client);
        return sessionFrom(answer.body);
      })
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
  tell(client);
}

/**
 * Why `session`'s role does not let its caller take `operation`; undefined when it does (or there
 * is no session). Said in the words of the `roles` namespace, else in general words.
 */
export function refusal(
  session: Session | null,
  operation: SessionOperation,
  locale: ResolvedLocale,
): string | undefined {
  if (!session?.allow || session.allow.includes(operation)) return undefined;
  const words: Partial<Record<SessionOperation, string>> = roleMessages(locale);
  return words[operation] ?? commonMessages(locale).roleForbids(operation);
}

/**
 * An element's view of its client's session: read when the element connects or its client
 * changes, and again after any element using the same client changed it or read it (so a reading
 * that failed, which left every action open, gives way to the next one that did not).
 */
export class SessionController implements ReactiveController {
  readonly #host: ReactiveControllerHost & { readonly api: ClientCore };
  #read: ClientCore | undefined;
  #session: Session | null = null;
  /** The last reading asked for; an earlier one answering later is ignored. */
  #asked: Promise<Session | null> | undefined;
  #unlisten: (() => void) | undefined;

  /** Reads the session of the host's client (`api`), again whenever the host's client changes. */
  constructor(host: ReactiveControllerHost & { readonly api: ClientCore }) {
    this.#host = host;
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
    const client = this.#host.api;
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
