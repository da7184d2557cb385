import { expect } from '@open-wc/testing';
import type { Session } from '../../src/api/schemas/session.js';
import { ClientCore } from '../../src/api/core.js';
import { sessionFrom } from '../../src/shared/session-read.js';
import { refusal, sessionOf } from '../../src/shared/session.js';
import { buyRefusal } from '../../src/shipping/spend-limits.js';

const en = { tag: 'en-GB', language: 'en' } as const;
const gbp = (value: number) => ({ value, currency: 'GBP' });

function session(partial: Partial<Session>): Session {
  return { id: 'u1', ...partial } as Session;
}

describe('refusal: what a session does not let its caller do', () => {
  it('no session (the client talks to the API itself), or no allow list: everything is open', () => {
    expect(buyRefusal(null, en)).to.equal(undefined);
    expect(buyRefusal(session({}), en, { labels: 3, charges: [gbp(500)] })).to.equal(undefined);
  });

  it('an operation outside allow is refused by name, in the words of the role; one inside is open', async () => {
    // A client that reads the proxy's session: its answer comes from a fetch of this test's own.
    const client = new ClientCore({
      baseUrl: '/proxy',
      session: true,
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify({ id: 'u1', allow: ['read', 'notes', 'rates'] }), {
            headers: { 'content-type': 'application/json' },
          }),
        ),
    });
    const staff = await sessionOf(client);
    expect(staff?.allow).to.deep.equal(['read', 'notes', 'rates']);
    expect(refusal(staff, 'buy', en)).to.equal('Your role does not allow buying labels.');
    expect(refusal(staff, 'allocate', en)).to.equal('Your role does not allow allocating stock.');
    expect(refusal(staff, 'notes', en)).to.equal(undefined);
    // An operation without words of its own is refused in general words.
    expect(refusal(staff, 'stores', en)).to.equal('Your role does not allow this.');
  });

  it('labels a day: refused once the count is reached, or when a batch would go over it', () => {
    const limits = { labelsPerDay: 5 };
    expect(buyRefusal(session({ limits, spentToday: { labels: 4 } }), en)).to.equal(undefined);
    expect(buyRefusal(session({ limits, spentToday: { labels: 5 } }), en)).to.equal(
      'Daily label limit: 5 of 5 bought today.',
    );
    expect(
      buyRefusal(session({ limits, spentToday: { labels: 3 } }), en, {
        labels: 3,
        charges: [gbp(1), gbp(1), gbp(1)],
      }),
    ).to.equal('Daily label limit: 3 of 5 bought today.');
  });

  it('money a day counts each currency on its own, as the proxy does', () => {
    const limits = { maxDailySpend: 100 };
    const spent = { labels: 3, amount: 100, currency: 'EUR', amounts: { EUR: 100, GBP: 30 } };
    // Euros spent up to the limit leave pounds open; 60 + 60 in two currencies stays under 100 in each.
    expect(
      buyRefusal(session({ limits, spentToday: spent }), en, { labels: 1, charges: [gbp(60)] }),
    ).to.equal(undefined);
    expect(
      buyRefusal(session({ limits }), en, {
        labels: 2,
        charges: [gbp(60), { value: 60, currency: 'USD' }],
      }),
    ).to.equal(undefined);
    expect(
      buyRefusal(session({ limits, spentToday: spent }), en, { labels: 1, charges: [gbp(80)] }),
    ).to.equal('Daily spending limit: £30.00 of £100.00 spent today.');
    expect(
      buyRefusal(session({ limits, spentToday: spent }), en, {
        labels: 1,
        charges: [{ value: 1, currency: 'EUR' }],
      }),
    ).to.equal('Daily spending limit: €100.00 of €100.00 spent today.');
  });

  it('money a day and money a label, in the quote currency and the page language', () => {
    const limits = { maxDailySpend: 50, maxLabelCharge: 20 };
    const spent = { labels: 2, amount: 40, currency: 'GBP' };
    expect(
      buyRefusal(session({ limits, spentToday: spent }), en, { labels: 1, charges: [gbp(9.5)] }),
    ).to.equal(undefined);
    expect(
      buyRefusal(session({ limits, spentToday: spent }), en, { labels: 1, charges: [gbp(12)] }),
    ).to.equal('Daily spending limit: £40.00 of £50.00 spent today.');
    expect(buyRefusal(session({ limits }), en, { labels: 1, charges: [gbp(24.99)] })).to.equal(
      'Label price limit: £20.00 a label. Choose a cheaper rate.',
    );
  });

  it('reads the answer leniently: numeric strings count, a member that does not fit is left out, no id is no session', () => {
    expect(sessionFrom({ allow: ['buy'] })).to.equal(null);
    expect(sessionFrom('<html>')).to.equal(null);
    const read = sessionFrom({
      id: 'u1',
      allow: ['read', 7, 'buy'],
      limits: { labelsPerDay: '5', maxDailySpend: 'lots' },
      spentToday: { labels: 2, amount: '9.5', currency: 'GBP' },
    });
    expect(read?.allow).to.deep.equal(['read', 'buy']);
    expect(read?.limits?.labelsPerDay).to.equal(5);
    expect(read?.limits?.maxDailySpend).to.equal(undefined);
    expect(read?.spentToday?.amount).to.equal(9.5);
    expect(buyRefusal(read, en, { labels: 4, charges: [gbp(1)] })).to.equal(
      'Daily label limit: 2 of 5 bought today.',
    );
  });
});
