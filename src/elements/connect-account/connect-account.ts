import { html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { TaskStatus } from '@lit/task';
import { ClientCore } from '../../api/core.js';
import type { ClientOptions } from '../../api/core.js';
import { defaultClientSettings, getDefaultClient, setDefaultClient } from '../../api/default-client.js';
import type { ClientSettings } from '../../api/default-client.js';
import type { OpsError } from '../../api/errors.js';
import type { CurrentUser } from '../../api/schemas/auth.js';
import { OAuthPopup, exchangeViaBackend } from '../../auth/index.js';
import type { TokenStorage } from '../../auth/index.js';
import { focusAfter } from '../../shared/focus.js';
import { OpsElement } from '../../shared/ops-element.js';
import { baseStyles } from '../../shared/styles.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { safeUrl } from '../../shared/url.js';
import { AccountConnectedEvent, AccountDisconnectedEvent } from './connect-account.events.js';
import { connectAccountMessages } from './connect-account.messages.js';
import { connectAccountStyles } from './connect-account.styles.js';
import { connectedSentence, currentUserFrom } from './current-user.model.js';

type Control = 'connect' | 'cancel' | 'disconnect';

/**
 * A "Connect account" button for public apps: it runs the OAuth sign-in in a popup (the
 * `OAuthPopup` of this library) and, once the user approved, points the default client at the
 * user's token, so every other element on the page works for that account. A page needs no
 * script of its own:
 *
 * ```html
 * <connect-account
 *   auth-url="https://auth.example.com"
 *   client-id="my-client-id"
 *   redirect-uri="/oauth-callback.html"
 *   exchange-url="/oauth/exchange"
 * ></connect-account>
 * ```
 *
 * `exchange-url` is the host's own backend endpoint that trades the code for a token with the
 * client secret (`createTokenExchangeHandler` from `commerce-ops-elements/server`); the page at
 * `redirect-uri` is `oauth-callback.html` from the package, served from this page's origin.
 * Instead of the four attributes a script may pass a ready `OAuthPopup` as `.popup`.
 *
 * Once signed in the element makes the default client one like the page's, with the user's token
 * as its credential (as `configure()` would): `baseUrl` is its `base-url` attribute when set, else
 * the base URL the default client already had (for instance from the script tag's
 * `data-base-url`), and every other option given to the page's `configure()` (`session`,
 * `labelStorage`, `appToken`, `fetch`, timeouts, retries, throttle) is kept. "Disconnect" signs
 * out and sets the page's client again, without credentials. The element never sets up the
 * default client while signed out, so a page's own `configure()` is left alone until the user
 * connects.
 *
 * Once connected it reads `GET /current_user` with the new token and shows who signed in (the
 * user's `login`, else the `email`) and the company's `name`: "Connected as Ada at Acme Ltd".
 * `account-connected` fires when that answer arrives, with the user. Should the read fail, the
 * account stays connected (the token is kept, "Disconnect" works) and an alert offers "Retry";
 * `account-connected` then fires once a retry succeeds.
 *
 * A session kept in `sessionStorage` (`storage="session"`) shows as connected at once, without
 * an `account-connected` event; read `connected` and `user` for the state at any time.
 *
 * @summary A "Connect account" button: OAuth sign-in in a popup, then the page's elements use the token.
 *
 * @fires account-connected - The user connected the account and `GET /current_user` answered. `detail`: `{ connected: true, user }`, the user as that answer has it (never the token).
 * @fires account-disconnected - The account was disconnected. `detail`: `{ connected: false }`.
 * @fires request-error - Signing in, or reading who signed in, failed. `detail`: `{ error }` (an `OpsError`; `popup_blocked` carries the sign-in page as `error.url`).
 *
 * @csspart container - The row holding the status and the button.
 * @csspart status - The status line: waiting for approval, or who is connected ("Connected as … at …").
 * @csspart connect-button - The "Connect account" button.
 * @csspart cancel-button - The "Cancel" button shown while waiting for approval.
 * @csspart disconnect-button - The "Disconnect" button.
 * @csspart error - An error banner.
 * @csspart retry-button - The "Retry" button of the alert shown when who is connected could not be read.
 * @csspart sign-in-link - The "Open the sign-in page" link offered when the popup was blocked.
 *
 * @cssprop --ops-color-primary - Accent colour of buttons, links and focus rings.
 * @cssprop --ops-color-on-primary - Text on the primary button.
 * @cssprop --ops-color-text - Body text colour.
 * @cssprop --ops-color-muted - Secondary text colour.
 * @cssprop --ops-color-surface - Background of the secondary buttons.
 * @cssprop --ops-color-success - Text of the "Connected" mark.
 * @cssprop --ops-color-success-surface - Background of the "Connected" mark.
 * @cssprop --ops-color-danger - Error text and border.
 * @cssprop --ops-color-danger-surface - Error background.
 * @cssprop --ops-font-family - Font stack.
 * @cssprop --ops-font-size - Base font size.
 * @cssprop --ops-radius - Corner radius.
 * @cssprop --ops-space - Spacing unit.
 * @cssprop --ops-density - Multiplier of the spacing unit (e.g. 0.75 for compact).
 */
export class ConnectAccount extends OpsElement {
  static override styles = [baseStyles, connectAccountStyles];

  static override properties = {
    ...OpsElement.properties,
    authUrl: { attribute: 'auth-url' },
    clientId: { attribute: 'client-id' },
    redirectUri: { attribute: 'redirect-uri' },
    exchangeUrl: { attribute: 'exchange-url' },
    storage: {},
    baseUrl: { attribute: 'base-url' },
    popup: { attribute: false },
    signedIn: { state: true },
    signingIn: { state: true },
    failure: { state: true },
  };

  /** The authorization server, serving `/oauth/authorize` (e.g. `https://auth.example.com`). */
  declare authUrl: string | undefined;
  /** The OAuth client id of the app. */
  declare clientId: string | undefined;
  /** The redirect page (`oauth-callback.html`), on this page's origin; relative URLs are fine. */
  declare redirectUri: string | undefined;
  /** The host backend's token-exchange endpoint, which holds the client secret. */
  declare exchangeUrl: string | undefined;
  /** Where the token is kept: `memory` (default) or `session` (survives reloads of the tab). */
  declare storage: TokenStorage | undefined;
  /** Base URL for the default client once connected; default: the one it already has. */
  declare baseUrl: string | undefined;
  /** A ready `OAuthPopup`, used instead of the attributes above. */
  declare popup: OAuthPopup | undefined;

  declare protected signedIn: boolean;
  declare protected signingIn: boolean;
  declare protected failure: OpsError | undefined;

  /** The popup built from the attributes, and the attribute values it was built from. */
  #ownPopup: { key: string; popup: OAuthPopup | undefined } | undefined;
  /** The popup whose state this element shows, and how to stop listening to it. */
  #bound: { popup: OAuthPopup; unbind: () => void } | undefined;
  /**
   * The default client this element configured, while it is signed in, and the page's settings
   * it was made with (those of the default client before it).
   */
  #configured:
    { client: ClientCore; popup: OAuthPopup; baseUrl: string; settings: ClientSettings } | undefined;
  /** A sign-in happened here: `account-connected` fires once the user is read. */
  #announce = false;

  /** `GET /current_user` with the client carrying the token, whenever that client changes. */
  #user = this.requestTask({
    task: async ([client]: readonly [ClientCore | undefined], signal) => {
      if (!client) return undefined;
      const answer = await client.request({ method: 'GET', path: '/current_user', signal });
      return currentUserFrom(answer.body, answer.status);
    },
    args: () => [this.signedIn ? this.#configured?.client : undefined] as const,
    onComplete: (user) => {
      if (!user || !this.#announce) return;
      this.#announce = false;
      this.dispatchEvent(new AccountConnectedEvent({ connected: true, user }));
    },
  });

  constructor() {
    super();
    this.signedIn = false;
    this.signingIn = false;
  }

  /** Whether the account is connected (signed in); the token itself is never exposed here. */
  get connected(): boolean {
    return this.signedIn;
  }

  /** The signed-in user as `GET /current_user` answered, once read; undefined until then. */
  get user(): CurrentUser | undefined {
    return this.signedIn && this.#user.status === TaskStatus.COMPLETE ? this.#user.value : undefined;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Back on the page: listen to the popup again (willUpdate binds it).
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    const bound = this.#bound;
    this.#unbind();
    // A sign-in this element started on its own popup has no one left to show it.
    if (bound && bound.popup === this.#ownPopup?.popup) bound.popup.cancelSignIn();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.#bind(this.isConnected ? (this.popup ?? this.#popupFromAttributes()) : undefined);
    if (changed.has('baseUrl') && this.signedIn && this.#bound) this.#useCredentials(this.#bound.popup);
  }

  /** The popup described by the attributes, built again only when they change. */
  #popupFromAttributes(): OAuthPopup | undefined {
    const storage: TokenStorage = this.storage === 'session' ? 'session' : 'memory';
    const config = [this.authUrl, this.clientId, this.redirectUri, this.exchangeUrl].map(
      (value) => value?.trim() ?? '',
    );
    const key = JSON.stringify([...config, storage]);
    if (this.#ownPopup?.key === key) return this.#ownPopup.popup;

    this.#ownPopup?.popup?.cancelSignIn();
    const [authUrl = '', clientId = '', redirectUri = '', exchangeUrl = ''] = config;
    let popup: OAuthPopup | undefined;
    if (authUrl && clientId && redirectUri && exchangeUrl) {
      try {
        popup = new OAuthPopup({
          authUrl,
          clientId,
          redirectUri,
          exchange: exchangeViaBackend(exchangeUrl),
          storage,
        });
      } catch {
        // An unusable URL: the element says sign-in is not set up.
        popup = undefined;
      }
    }
    this.#ownPopup = { key, popup };
    return popup;
  }

  #bind(popup: OAuthPopup | undefined): void {
    if (this.#bound?.popup === popup) return;
    this.#unbind();
    this.signingIn = false;
    this.failure = undefined;
    if (!popup) {
      this.signedIn = false;
      return;
    }
    let initial = true;
    const unsubscribe = popup.subscribe((state) => this.#onAuthState(popup, state.signedIn, initial));
    initial = false;
    // A sign-in finished from the "Open the sign-in page" link reports its failure here.
    const onLinkFailure = (event: Event) => this.#fail(popup, (event as CustomEvent<unknown>).detail);
    popup.addEventListener('signinerror', onLinkFailure);
    this.#bound = {
      popup,
      unbind: () => {
        unsubscribe();
        popup.removeEventListener('signinerror', onLinkFailure);
      },
    };
  }

  #unbind(): void {
    this.#bound?.unbind();
    this.#bound = undefined;
  }

  #onAuthState(popup: OAuthPopup, signedIn: boolean, initial: boolean): void {
    const changed = signedIn !== this.signedIn;
    this.signedIn = signedIn;
    if (signedIn) {
      this.failure = undefined;
      this.signingIn = false;
      this.#useCredentials(popup);
    } else {
      this.#dropCredentials();
    }
    if (initial || !changed) return;
    this.#announce = signedIn;
    this.#moveFocus(signedIn ? 'disconnect' : 'connect');
    if (!signedIn) this.dispatchEvent(new AccountDisconnectedEvent({ connected: false }));
  }

  /**
   * Makes the default client send the popup's token, keeping its base URL (or `base-url`) and
   * every other option the page gave it.
   */
  #useCredentials(popup: OAuthPopup): void {
    const current = this.#configured;
    const ours = current !== undefined && getDefaultClient() === current.client;
    // The page's settings: those this element started from while its client is the default, else
    // those of the client the page configured since.
    const settings = current && ours ? current.settings : defaultClientSettings();
    const baseUrl = this.baseUrl?.trim() || (current ? current.baseUrl : settings.baseUrl);
    if (current && ours && current.popup === popup && current.baseUrl === baseUrl) return;
    const options: ClientOptions = { ...settings, baseUrl, credentials: popup };
    const client = new ClientCore(options);
    setDefaultClient(client, options);
    this.#configured = { client, popup, baseUrl, settings };
  }

  /** Back to the page's client without credentials, unless someone configured the client since. */
  #dropCredentials(): void {
    const current = this.#configured;
    this.#configured = undefined;
    if (current && getDefaultClient() === current.client) {
      const options: ClientOptions = { ...current.settings, baseUrl: current.baseUrl };
      setDefaultClient(new ClientCore(options), options);
    }
  }

  /** Runs inside the click: `signIn()` opens the popup synchronously, before any await. */
  #connect = (): void => {
    const popup = this.#bound?.popup;
    if (!popup) return;
    this.failure = undefined;
    const signingIn = popup.signIn();
    this.signingIn = popup.isSigningIn;
    if (this.signingIn) this.#moveFocus('cancel');
    signingIn.then(
      () => {
        if (this.#bound?.popup === popup) this.signingIn = false;
      },
      (error: unknown) => {
        if (this.#bound?.popup !== popup) return;
        this.signingIn = false;
        this.#fail(popup, error);
      },
    );
  };

  #cancel = (): void => {
    this.#bound?.popup.cancelSignIn();
  };

  #disconnect = (): void => {
    this.failure = undefined;
    this.#bound?.popup.signOut();
  };

  /** Reads the user again; focus, on the Retry that goes away, moves to Disconnect. */
  #retryUser = (): void => {
    this.#moveFocus('disconnect');
    void this.#user.run();
  };

  #fail(popup: OAuthPopup, error: unknown): void {
    if (this.#bound?.popup !== popup) return;
    const opsError = this.reportError(error);
    this.failure = opsError.code === 'aborted' ? undefined : opsError;
    this.#moveFocus('connect');
  }

  /** Focus follows the control that replaces the focused one, when focus is in this element. */
  #moveFocus(target: Control): void {
    void focusAfter(this, `[part="${target}-button"]`, { had: Boolean(this.shadowRoot?.activeElement) });
  }

  protected override render(): TemplateResult {
    const text = connectAccountMessages(this.locale);
    const popup = this.#bound?.popup;
    const waiting = this.signingIn && !this.signedIn;
    const status = this.signedIn
      ? this.#renderWho()
      : waiting
        ? html`<span class="spinner" aria-hidden="true"></span><span>${text.waiting}</span>`
        : nothing;
    return html`<div class="connect" part="container" role="group" aria-label=${text.accountConnection}>
      <p class="status ${waiting ? 'waiting' : ''}" role="status" part="status">${status}</p>
      ${this.#renderAction(popup)} ${this.failure ? this.#renderFailure(this.failure) : nothing}
      ${this.signedIn ? this.#renderUserFailure() : nothing}
      ${popup ? nothing : html`<p class="muted not-configured">${text.notConfigured}</p>`}
    </div>`;
  }

  /** "Connected as … at …" once the user is read; "Connected" and what is happening until then. */
  #renderWho(): TemplateResult {
    const text = connectAccountMessages(this.locale);
    const user = this.#user.status === TaskStatus.COMPLETE ? this.#user.value : undefined;
    const mark = html`<span class="connected-mark"
      >${user ? connectedSentence(user, text) : text.connected}</span
    >`;
    if (user || this.#user.status === TaskStatus.ERROR) return mark;
    return html`${mark} <span class="spinner" aria-hidden="true"></span>
      <span class="muted">${text.readingUser}</span>`;
  }

  /** The alert of a failed `GET /current_user`, with Retry; the connection itself stays. */
  #renderUserFailure(): TemplateResult | typeof nothing {
    if (this.#user.status !== TaskStatus.ERROR) return nothing;
    return html`<div class="problem">
      ${renderErrorBanner({
        error: this.#user.error as OpsError,
        locale: this.locale,
        context: connectAccountMessages(this.locale).userNotRead,
        onRetry: this.#retryUser,
      })}
    </div>`;
  }

  #renderAction(popup: OAuthPopup | undefined): TemplateResult {
    const text = connectAccountMessages(this.locale);
    if (this.signedIn) {
      return html`<button
        type="button"
        class="button secondary"
        part="disconnect-button"
        @click=${this.#disconnect}
      >
        ${text.disconnect}
      </button>`;
    }
    if (this.signingIn) {
      return html`<button type="button" class="button secondary" part="cancel-button" @click=${this.#cancel}>
        ${text.cancel}
      </button>`;
    }
    return html`<button
      type="button"
      class="button"
      part="connect-button"
      ?disabled=${!popup}
      @click=${this.#connect}
    >
      ${text.connect}
    </button>`;
  }

  #renderFailure(error: OpsError): TemplateResult {
    const text = connectAccountMessages(this.locale);
    const cause = error.cause as { oauthError?: unknown } | undefined;
    const declined = error.code === 'unauthorized' && cause?.oauthError === 'access_denied';
    const signInPage = error.code === 'popup_blocked' ? safeUrl(error.url) : undefined;
    return html`<div class="problem">
      ${renderErrorBanner({
        error,
        locale: this.locale,
        context: declined ? text.declined : text.notConnected,
      })}
      ${
        signInPage
          ? html`<p class="blocked">
              <a class="sign-in-link" part="sign-in-link" href=${signInPage} target="_blank" rel="noopener"
                >${text.openSignInPage}</a
              >
              <span class="muted">${text.blockedHint}</span>
            </p>`
          : nothing
      }
    </div>`;
  }
}
