import { SANDBOX_CREDENTIALS } from '../src/sandbox/seed-ids.js';

/** Each browser tab keeps its own sandbox tenant, so visitors never see each other's changes. */
function demoTenant(): string {
  const key = 'commerce-ops-demo-tenant';
  let tenant = sessionStorage.getItem(key);
  if (!tenant) {
    tenant = `demo-${crypto.randomUUID().slice(0, 8)}`;
    sessionStorage.setItem(key, tenant);
  }
  return tenant;
}

export const sandboxBaseUrl = `${location.origin}/sandbox/${demoTenant()}`;

async function showSandboxStatus(): Promise<void> {
  const status = document.querySelector('#sandbox-status');
  if (!status) return;
  try {
    const response = await fetch(`${sandboxBaseUrl}/current_user`, {
      headers: { 'x-api-key': SANDBOX_CREDENTIALS.apiKey, accept: 'application/json' },
    });
    const user = (await response.json()) as { login?: string; company?: { name?: string } };
    status.textContent = `Sandbox ready at ${sandboxBaseUrl}: signed in as ${user.login ?? 'unknown'} (${user.company?.name ?? 'sandbox account'}).`;
  } catch {
    status.textContent = 'The sandbox did not answer. Is `npm start` still running?';
  }
}

void showSandboxStatus();
