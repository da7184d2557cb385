/**
 * OAuth 2.0 authorization code flow: an approval page (plain HTML form, no script, so it works
 * under a strict Content-Security-Policy), single-use codes that live 10 minutes by the sandbox's
 * clock, and the token exchange. Issued tokens work as bearer tokens afterwards. PKCE (RFC 7636):
 * a code asked for with an S256 `code_challenge` is exchanged only with the matching
 * `code_verifier`.
 */
import type { Context, Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { isRecord, jsonResponse } from '../http.js';
import { SANDBOX_CREDENTIALS } from '../seed-ids.js';

export const CODE_LIFETIME_MS = 10 * 60 * 1000;

const STYLES = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1c1e21; }
main { max-width: 28rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 8px;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
h1 { font-size: 1.4rem; margin-top: 0; }
ul { padding-left: 1.2rem; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
button { font: inherit; padding: 0.5rem 1.25rem; border-radius: 6px; border: 1px solid #1f5fbf; cursor: pointer; }
button[value='approve'] { background: #1f5fbf; color: #fff; }
button[value='deny'] { background: #fff; color: #1f5fbf; }
button:focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; }
.error { color: #a4001d; }
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(ctx: SandboxContext, title: string, body: string, status = 200): Response {
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${ctx.basePath}/oauth/authorize.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'",
      'cache-control': 'no-store',
    },
  });
}

interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  state: string | null;
  scope: string;
  codeChallenge: string | null;
}

/** Checks the authorize parameters; the error is shown on the page (never redirected to an unchecked URI). */
function readAuthorizeParams(values: Record<string, unknown>): AuthorizeParams | string {
  const text = (key: string): string | undefined =>
    typeof values[key] === 'string' ? (values[key] as string) : undefined;
  const clientId = text('client_id');
  const redirectUri = text('redirect_uri');
  if (clientId !== SANDBOX_CREDENTIALS.clientId)
    return `Unknown client_id. The sandbox knows "${SANDBOX_CREDENTIALS.clientId}".`;
  if (!redirectUri) return 'redirect_uri is required.';
  try {
    const url = new URL(redirectUri);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'redirect_uri must be an http(s) URL.';
  } catch {
    return 'redirect_uri must be an absolute URL.';
  }
  if (text('response_type') !== 'code') return 'response_type must be "code".';
  const codeChallenge = text('code_challenge') || null;
  if (codeChallenge !== null) {
    if (text('code_challenge_method') !== 'S256') return 'code_challenge_method must be "S256".';
    if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge))
      return 'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters).';
  }
  return { clientId, redirectUri, state: text('state') ?? null, scope: text('scope') ?? '', codeChallenge };
}

function redirectWith(redirectUri: string, params: Record<string, string | null>): Response {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  return new Response(null, {
    status: 302,
    headers: { location: url.toString(), 'cache-control': 'no-store' },
  });
}

function randomToken(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}

/** The PKCE S256 challenge of a verifier: base64url of its SHA-256, unpadded. */
async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function readForm(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  const text = await c.req.text();
  if (type.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return isRecord(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function tokenError(status: number, error: string, description: string): Response {
  return jsonResponse({ error, error_description: description }, status, { 'cache-control': 'no-store' });
}

export function registerOAuthRoutes(app: Hono, ctx: SandboxContext): void {
  app.get(
    '/oauth/authorize.css',
    () => new Response(STYLES, { headers: { 'content-type': 'text/css; charset=utf-8' } }),
  );

  app.get('/oauth/authorize', (c) => {
    const params = readAuthorizeParams(c.req.query());
    if (typeof params === 'string') {
      return page(
        ctx,
        'Authorization error',
        `<h1>Authorization error</h1><p class="error" role="alert">${escapeHtml(params)}</p>`,
        400,
      );
    }
    const hidden = [
      ['client_id', params.clientId],
      ['redirect_uri', params.redirectUri],
      ['response_type', 'code'],
      ['scope', params.scope],
      ['state', params.state ?? ''],
      ...(params.codeChallenge
        ? [
            ['code_challenge', params.codeChallenge],
            ['code_challenge_method', 'S256'],
          ]
        : []),
    ]
      .map(([name = '', value = '']) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('\n');
    const app = escapeHtml(SANDBOX_CREDENTIALS.appName);
    const target = escapeHtml(new URL(params.redirectUri).origin);
    return page(
      ctx,
      `Authorize ${SANDBOX_CREDENTIALS.appName}`,
      `<h1>Authorize ${app}</h1>
<p><strong>${app}</strong> would like to access the Sandbox Goods Ltd account. It will be able to:</p>
<ul>
<li>read orders and add notes</li>
<li>allocate stock and change products and stock levels</li>
<li>get shipping rates and buy labels</li>
</ul>
<p>You will return to ${target}.</p>
<form method="post" action="${ctx.basePath}/oauth/authorize">
${hidden}
<div class="actions">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`,
    );
  });

  app.post('/oauth/authorize', async (c) => {
    const form = await readForm(c);
    const params = readAuthorizeParams(form);
    if (typeof params === 'string') {
      return page(
        ctx,
        'Authorization error',
        `<h1>Authorization error</h1><p class="error" role="alert">${escapeHtml(params)}</p>`,
        400,
      );
    }
    if (form.decision !== 'approve') {
      return redirectWith(params.redirectUri, {
        error: 'access_denied',
        error_description: 'The user denied the request',
        state: params.state,
      });
    }
    const code = randomToken(16);
    ctx.state.oauthCodes.set(code, {
      code,
      clientId: params.clientId,
      redirectUri: params.redirectUri,
      issuedAt: ctx.now(),
      used: false,
      codeChallenge: params.codeChallenge,
    });
    return redirectWith(params.redirectUri, { code, state: params.state });
  });

  app.post('/oauth/token', async (c) => {
    const form = await readForm(c);
    const text = (key: string): string | undefined =>
      typeof form[key] === 'string' ? (form[key] as string) : undefined;
    if (text('grant_type') !== 'authorization_code') {
      return tokenError(400, 'unsupported_grant_type', 'grant_type must be authorization_code');
    }
    if (
      text('client_id') !== SANDBOX_CREDENTIALS.clientId ||
      text('client_secret') !== SANDBOX_CREDENTIALS.clientSecret
    ) {
      return tokenError(
        401,
        'invalid_client',
        'Client authentication failed: unknown client_id or wrong client_secret',
      );
    }
    const code = text('code');
    if (!code) return tokenError(400, 'invalid_request', 'code is required');
    const issued = ctx.state.oauthCodes.get(code);
    if (!issued || issued.clientId !== text('client_id')) {
      return tokenError(400, 'invalid_grant', 'The authorization code is invalid');
    }
    if (issued.used) return tokenError(400, 'invalid_grant', 'The authorization code has already been used');
    if (ctx.now() - issued.issuedAt > CODE_LIFETIME_MS) {
      return tokenError(400, 'invalid_grant', 'The authorization code has expired');
    }
    if (text('redirect_uri') !== issued.redirectUri) {
      return tokenError(400, 'invalid_grant', 'redirect_uri does not match the one the code was issued for');
    }
    if (issued.codeChallenge !== null) {
      const verifier = text('code_verifier');
      if (!verifier || !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) {
        return tokenError(400, 'invalid_grant', 'code_verifier is required for this code');
      }
      if ((await s256(verifier)) !== issued.codeChallenge) {
        return tokenError(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
      }
    }
    issued.used = true;
    const token = randomToken(32);
    ctx.state.issuedTokens.add(token);
    return jsonResponse(
      { access_token: token, token_type: 'bearer', created_at: Math.floor(ctx.now() / 1000) },
      200,
      { 'cache-control': 'no-store' },
    );
  });
}
