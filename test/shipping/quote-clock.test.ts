import { expect } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { QuoteClock } from '../../src/shipping/quote-clock.js';
import { fakeQuoteTime, restoreQuoteTime } from '../helpers/time.js';

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
  afterEach(restoreQuoteTime);

  it('reads the page’s own clock unless a test hands it one, and again once that is taken back', async () => {
    const host = new FakeHost();
    const clock = new QuoteClock(host, { expiresAt: () => inMs(600_000) });
    const time = fakeQuoteTime();
    await time.tick(60_000);
    clock.hostConnected();
    expect(clock.now - Date.now(), 'a minute ahead of the page').to.be.within(59_000, 60_000);
    clock.hostDisconnected();
    restoreQuoteTime();
    const before = Date.now();
    clock.hostConnected();
    expect(clock.now).to.be.within(before, Date.now());
    clock.hostDisconnected();
  });

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
    const time = fakeQuoteTime();
    one.hostConnected();
    two.hostConnected();
    await time.tick(1000);
    expect([first.updates, second.updates], 'one tick each').to.deep.equal([1, 1]);
    two.hostDisconnected();
    await time.tick(2000);
    expect([first.updates, second.updates]).to.deep.equal([3, 1]);
    expect(one.now).to.equal(time.now);
    one.hostDisconnected();
  });

  it('does not follow quotes that have expired already', async () => {
    const host = new FakeHost();
    const witness = new FakeHost();
    const expired = inMs(-1000);
    const clock = new QuoteClock(host, { expiresAt: () => expired, countdown: true });
    const live = new QuoteClock(witness, { expiresAt: () => inMs(600_000), countdown: true });
    const time = fakeQuoteTime();
    clock.hostConnected();
    live.hostConnected();
    await time.tick(2000);
    expect(witness.updates, 'the live clock ticked').to.equal(2);
    expect(host.updates).to.equal(0);
    expect(clock.expired).to.equal(true);
    live.hostDisconnected();
  });
});
