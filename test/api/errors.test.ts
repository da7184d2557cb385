import { expect } from '@open-wc/testing';
import { OpsError, isOpsError } from '../../src/api/errors.js';

describe('OpsError', () => {
  it('keeps the code, status and the API messages', () => {
    const error = new OpsError('validation', 'Invalid request parameters', {
      status: 400,
      messages: ['Invalid request parameters', 'Weight too low'],
    });
    expect(error).to.be.instanceOf(Error);
    expect(error.code).to.equal('validation');
    expect(error.status).to.equal(400);
    expect(error.messages).to.deep.equal(['Invalid request parameters', 'Weight too low']);
    expect(error.retryable).to.equal(false);
    expect(error.fromApi).to.equal(true);
    expect(isOpsError(error)).to.equal(true);
  });

  it('falls back to its message when no API messages came', () => {
    const error = new OpsError('network', 'The service could not be reached.');
    expect(error.status).to.equal(0);
    expect(error.messages).to.deep.equal(['The service could not be reached.']);
    expect(error.retryable).to.equal(true);
    expect(error.fromApi).to.equal(false);
    expect(isOpsError(new Error('plain'))).to.equal(false);
  });
});
