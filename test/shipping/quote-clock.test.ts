import { expect, waitUntil } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { QuoteClock } from '../../src/shipping/quote-clock.js';
import { waitFor } from '../helpers/wait.js';

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

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('quote clock', () => {
  it('registers with its host and knows no expiry without quotes', () => {
    const host = new FakeHost();
    const clock = new QuoteClock(host, { expiresAt: () => undefined });
    expect(host.controllers).to.deep.equal([clock]);
    clock.hostConnected();
    expect(Number.isNaN(clock.msLeft)).to.equal(true);
    expect(clock.expired).to.equal(false);
    clock.hostDisconnected();
  });

  it('counts down every tick and calls onOneMinuteLeft and onExpired once each', () => {
    const host = new FakeHost();
    const start = Date.now();
    const expiresAt = new Date(start + 61_500).toISOString();
    const said: string[] = [];
    const clock = new QuoteClock(host, {
      expiresAt: () => expiresAt,
      countdown: true,
      onOneMinuteLeft: () => said.push('minute'),
      onExpired: () => said.push('expired'),
    });
    clock.tick(start);
    clock.tick(start + 1000);
    expect(said).to.deep.equal([]);
    clock.tick(start + 2000);
    expect(said).to.deep.equal(['minute']);
    expect(clock.msLeft).to.equal(59_500);
    clock.tick(start + 3000);
    clock.tick(start + 62_000);
    expect(clock.expired).to.equal(true);
    clock.tick(start + 63_000);
    expect(said).to.deep.equal(['minute', 'expired']);
    expect(host.updates).to.equal(6);
  });

  it('without a countdown, updates its host only as one of several quotes expires', () => {
    const host = new FakeHost();
    const start = Date.now();
    const times = [new Date(start + 5_000).toISOString(), null, new Date(start + 120_000).toISOString()];
    const clock = new QuoteClock(host, { expiresAt: () => times });
    clock.tick(start + 1000);
    clock.tick(start + 2000);
    expect(host.updates).to.equal(0);
    clock.tick(start + 6000);
    expect(host.updates).to.equal(1);
    expect(clock.expired).to.equal(true);
    expect(clock.isExpired(times[0])).to.equal(true);
    expect(clock.isExpired(times[2])).to.equal(false);
    expect(clock.isExpired(null)).to.equal(false);
    clock.tick(start + 60_000);
    expect(host.updates).to.equal(1);
    clock.tick(start + 121_000);
    expect(host.updates).to.equal(2);
  });

  it('moves every connected clock on from one timer, and leaves a disconnected one alone', async () => {
    const first = new FakeHost();
    const second = new FakeHost();
    const expiresAt = inMs(600_000);
    const one = new QuoteClock(first, { expiresAt: () => expiresAt, countdown: true });
    const two = new QuoteClock(second, { expiresAt: () => expiresAt, countdown: true });
    one.hostConnected();
    two.hostConnected();
    await waitUntil(() => first.updates > 0 && second.updates > 0, 'the clocks did not tick', {
      timeout: 4000,
    });
    two.hostDisconnected();
    const stopped = second.updates;
    const seen = first.updates;
    await waitFor(() => first.updates >= seen + 2, 'the connected clock stopped');
    expect(second.updates).to.equal(stopped);
    one.hostDisconnected();
  });

  it('does not follow quotes that have expired already', async () => {
    const host = new FakeHost();
    const witness = new FakeHost();
    const expired = inMs(-1000);
    const clock = new QuoteClock(host, { expiresAt: () => expired, countdown: true });
    const live = new QuoteClock(witness, { expiresAt: () => inMs(600_000), countdown: true });
    clock.hostConnected();
    live.hostConnected();
    await waitFor(() => witness.updates >= 2, 'the live clock did not tick');
    expect(host.updates).to.equal(0);
    expect(clock.expired).to.equal(true);
    live.hostDisconnected();
  });
});
