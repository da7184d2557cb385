import { expect, waitUntil } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ExpiryController } from '../../../src/elements/rate-picker/expiry-controller.js';

class FakeHost implements ReactiveControllerHost {
  controllers: ReactiveController[] = [];
  updates = 0;
  readonly updateComplete = Promise.resolve(true);
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {
    this.updates += 1;
  }
}

const messages = () => ({ oneMinuteLeft: 'One minute left', expired: 'Expired' });

describe('rate-picker expiry controller', () => {
  it('registers with its host and says nothing without quotes', () => {
    const host = new FakeHost();
    const expiry = new ExpiryController(host, { expiresAt: () => undefined, messages });
    expect(host.controllers).to.deep.equal([expiry]);
    expiry.hostConnected();
    expect(Number.isNaN(expiry.msLeft)).to.equal(true);
    expect(expiry.announcement).to.equal('');
  });

  it('counts down, announces the expiry once and stops ticking', async () => {
    const host = new FakeHost();
    const expiresAt = new Date(Date.now() + 1200).toISOString();
    const expiry = new ExpiryController(host, { expiresAt: () => expiresAt, messages });
    expect(expiry.expired).to.equal(false);
    expect(expiry.msLeft).to.be.within(0, 1200);
    expiry.announce('3 rates found');
    expect(expiry.announcement).to.equal('3 rates found');
    expiry.start();
    await waitUntil(() => expiry.expired, 'the quotes did not expire', { timeout: 4000 });
    expect(expiry.announcement).to.equal('Expired');
    const updates = host.updates;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(host.updates).to.equal(updates);
  });

  it('announces one minute left when the minute is crossed, and stops when disconnected', async () => {
    const host = new FakeHost();
    const expiresAt = new Date(Date.now() + 60_900).toISOString();
    const expiry = new ExpiryController(host, { expiresAt: () => expiresAt, messages });
    expiry.resetClock();
    expiry.hostConnected();
    await waitUntil(() => expiry.announcement === 'One minute left', 'no minute warning', { timeout: 4000 });
    expiry.hostDisconnected();
    const updates = host.updates;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(host.updates).to.equal(updates);
    expect(expiry.expired).to.equal(false);
  });

  it('does not start once the quotes have expired', async () => {
    const host = new FakeHost();
    const expiresAt = new Date(Date.now() - 1000).toISOString();
    const expiry = new ExpiryController(host, { expiresAt: () => expiresAt, messages });
    expiry.start();
    const updates = host.updates;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(host.updates).to.equal(updates);
    expect(expiry.expired).to.equal(true);
  });
});
