import { expect } from '@open-wc/testing';
import type { Quote } from '../../src/api/index.js';
import { chooseRuleOf, quoteByRule, rankQuotes, sameServiceIn } from '../../src/shipping/quote-ranking.js';
import { makeQuote } from '../helpers/quote.js';

const quote = (fields: Partial<Quote>): Quote =>
  makeQuote({ rateId: 'r', carrierId: 'dhl', serviceName: 'Express', ...fields });

const slow = quote({ rateId: 'slow', totalCharge: 4, deliveryEstimate: '2026-01-09T00:00:00Z' });
const fast = quote({ rateId: 'fast', totalCharge: 12, deliveryEstimate: '2026-01-02T00:00:00Z' });
const unpriced = quote({ rateId: 'unpriced', deliveryEstimate: '2026-01-05T00:00:00Z' });
const undated = quote({ rateId: 'undated', totalCharge: 4 });
const fragment = quote({ rateId: null, totalCharge: 1, deliveryEstimate: '2026-01-01T00:00:00Z' });

describe('quote ranking', () => {
  it('sorts by price, then delivery, missing values last, and leaves out quotes without a rate id', () => {
    const ranked = rankQuotes([unpriced, fast, fragment, undated, slow], 'price');
    expect(ranked.map((entry) => entry.quote.rateId)).to.deep.equal(['slow', 'undated', 'fast', 'unpriced']);
  });

  it('sorts by delivery date, then price', () => {
    const ranked = rankQuotes([undated, slow, unpriced, fast], 'delivery');
    expect(ranked.map((entry) => entry.quote.rateId)).to.deep.equal(['fast', 'unpriced', 'slow', 'undated']);
  });

  it('marks every cheapest and the fastest quote, and nothing when there is only one', () => {
    const marks = Object.fromEntries(
      rankQuotes([slow, fast, undated, fragment], 'price').map((entry) => [
        entry.quote.rateId,
        [entry.cheapest, entry.fastest],
      ]),
    );
    expect(marks).to.deep.equal({ slow: [true, false], undated: [true, false], fast: [false, true] });
    expect(rankQuotes([fast, fragment], 'price')).to.deep.equal([
      { quote: fast, cheapest: false, fastest: false, promise: null },
    ]);
  });

  it('with a due date, each quote says whether it keeps it, and "on-time" sorts those first', () => {
    const due = fast.deliveryEstimate!.slice(0, 10);
    const ranked = rankQuotes([slow, fast, undated], 'on-time', due);
    expect(ranked.map((entry) => [entry.quote.rateId, entry.promise])).to.deep.equal([
      ['fast', 'on-time'],
      ['undated', null],
      ['slow', 'late'],
    ]);
    // Without a due date nothing is promised.
    expect(rankQuotes([slow, fast], 'price').map((entry) => entry.promise)).to.deep.equal([null, null]);
  });

  it('finds the same carrier service among fresh quotes', () => {
    const fresh = [
      quote({ rateId: 'n1', serviceName: 'Economy' }),
      quote({ rateId: 'n2', serviceName: 'Express' }),
    ];
    expect(sameServiceIn(fresh, quote({ rateId: 'old' }))?.rateId).to.equal('n2');
    expect(sameServiceIn(fresh, quote({ rateId: 'old', carrierId: 'ups' }))).to.equal(undefined);
  });

  it('a choose-by rule picks the cheapest, the fastest, or the cheapest that keeps the due date', () => {
    const onTimeDear = quote({
      rateId: 'on-time-dear',
      totalCharge: 9,
      deliveryEstimate: '2026-01-03T00:00:00Z',
    });
    const quotes = [slow, fast, onTimeDear, fragment];
    const due = '2026-01-04';
    expect(quoteByRule(quotes, 'cheapest', due)?.rateId).to.equal('slow');
    expect(quoteByRule(quotes, 'fastest', due)?.rateId).to.equal('fast');
    expect(quoteByRule(quotes, 'cheapest-on-time', due)?.rateId, 'cheapest of those on time').to.equal(
      'on-time-dear',
    );
    // Without a due date nothing is late: the cheapest.
    expect(quoteByRule(quotes, 'cheapest-on-time', null)?.rateId).to.equal('slow');
    // Every quote late: the cheapest of them.
    expect(quoteByRule([fast, slow], 'cheapest-on-time', '2026-01-01')?.rateId).to.equal('slow');
    expect(quoteByRule([fragment], 'cheapest'), 'no quote with a rate id').to.equal(undefined);
  });

  it('reads choose-by as set, and nothing else as a rule', () => {
    expect(chooseRuleOf(' Cheapest-On-Time ')).to.equal('cheapest-on-time');
    expect(chooseRuleOf('fastest')).to.equal('fastest');
    expect(chooseRuleOf('carrier:dhl')).to.equal(undefined);
    expect(chooseRuleOf(undefined)).to.equal(undefined);
  });
});
