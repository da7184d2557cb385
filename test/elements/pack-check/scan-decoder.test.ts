import { expect } from '@open-wc/testing';
import { ScanDecoder, scanCharacter } from '../../../src/elements/pack-check/scan-decoder.model.js';
import type { KeyVerdict } from '../../../src/elements/pack-check/scan-decoder.model.js';

/** Feeds `text` one key every `gap` ms from `start`, then `end` `endGap` ms later. */
function feed(
  decoder: ScanDecoder,
  text: string,
  gap: number,
  end = 'Enter',
  endGap = gap,
  start = 1000,
): KeyVerdict[] {
  const verdicts = [...text].map((key, index) =>
    decoder.take({
      key,
      code: /\d/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`,
      time: start + index * gap,
      withCommand: false,
    }),
  );
  verdicts.push(
    decoder.take({ key: end, code: end, time: start + (text.length - 1) * gap + endGap, withCommand: false }),
  );
  return verdicts;
}

describe('scan decoder', () => {
  it('takes a burst of keys 5 ms apart ended by Enter as a scan, holding its keys from the fourth on', () => {
    const verdicts = feed(new ScanDecoder(), '5000014144701', 5);
    expect(verdicts.at(-1)).to.deep.equal({ kind: 'scan', code: '5000014144701' });
    expect(verdicts.slice(0, 3).map((verdict) => verdict.kind)).to.deep.equal(['pass', 'pass', 'pass']);
    expect(verdicts.slice(3, -1).every((verdict) => verdict.kind === 'hold')).to.equal(true);
  });

  it('takes a burst ended by Tab as a scan', () => {
    expect(feed(new ScanDecoder(), 'APRON-NAT', 5, 'Tab').at(-1)).to.deep.equal({
      kind: 'scan',
      code: 'APRON-NAT',
    });
  });

  it('leaves a person typing 150 ms apart, and an Enter that comes late, to the page', () => {
    expect(
      feed(new ScanDecoder(), '5000014144701', 150).every((verdict) => verdict.kind === 'pass'),
    ).to.equal(true);
    expect(feed(new ScanDecoder(), '5000014144701', 5, 'Enter', 400).at(-1)).to.deep.equal({ kind: 'pass' });
  });

  it('needs at least four characters', () => {
    expect(feed(new ScanDecoder(), '123', 5).at(-1)).to.deep.equal({ kind: 'pass' });
  });

  it('starts again after a pause, so a stray key before a scan does not spoil it', () => {
    const decoder = new ScanDecoder();
    decoder.take({ key: 'x', code: 'KeyX', time: 0, withCommand: false });
    expect(feed(decoder, '036000291452', 4).at(-1)).to.deep.equal({ kind: 'scan', code: '036000291452' });
  });

  it('reads digits by key position, so an AZERTY scanner types the same code', () => {
    expect(scanCharacter('&', 'Digit1')).to.equal('1');
    expect(scanCharacter('à', 'Digit0')).to.equal('0');
    expect(scanCharacter('7', 'Numpad7')).to.equal('7');
    expect(scanCharacter('a', 'KeyQ')).to.equal('a');
    expect(scanCharacter('Shift', 'ShiftLeft')).to.equal(null);
  });
});
