import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { html as litHtml } from 'lit';
import type { TemplateResult, LitElement } from 'lit';
import { TaskStatus } from '@lit/task';
import { OpsError } from '../../src/api/errors.js';
import type { RequestErrorEvent } from '../../src/shared/events.js';
import { FieldErrors } from '../../src/shared/field-errors.js';
import { OpsElement } from '../../src/shared/ops-element.js';
import { waitFor } from '../helpers/elements.js';

type Field = 'name' | 'size';

/** A small form that uses both helpers as the elements do. */
class HelperForm extends OpsElement {
  fields = new FieldErrors<Field>(this, { controlId: (field) => `field-${field}` });
  signals: AbortSignal[] = [];
  answers: string[] = [];
  release: Array<(value: string) => void> = [];

  save = this.requestTask({
    autoRun: false,
    task: ([value]: readonly [string], signal) => {
      this.signals.push(signal);
      if (value === 'fail') return Promise.reject(new OpsError('server', 'Broken'));
      if (value === 'throw') return Promise.reject(new TypeError('not an OpsError'));
      return new Promise<string>((resolve) => this.release.push(resolve));
    },
    onComplete: (answer) => this.answers.push(answer),
  });

  protected override render(): TemplateResult {
    return litHtml`${(['name', 'size'] as const).map(
      (field) =>
        litHtml`<label for="field-${field}">${field}</label>
          <input
            id="field-${field}"
            aria-invalid=${this.fields.invalid(field)}
            aria-describedby=${this.fields.describedBy(field, field === 'size' && 'size-hint')}
          />${this.fields.message(field)}`,
    )}<span id="size-hint">In cm</span>`;
  }
}
customElements.define('helper-form', HelperForm);

/** Answers when released; a cancelled request fails as the transport's does. */
function pending(signal: AbortSignal, release: Array<(value: string) => void>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    release.push(resolve);
    signal.addEventListener('abort', () => reject(new OpsError('aborted', 'The request was cancelled.')));
  });
}

/** A load and a submit that wait until released, as the elements' requests do. */
class HelperLoad extends OpsElement {
  loads: AbortSignal[] = [];
  saves: AbortSignal[] = [];
  release: Array<(value: string) => void> = [];

  load = this.requestTask({
    args: () => ['order'] as const,
    task: (_args, signal) => {
      this.loads.push(signal);
      return pending(signal, this.release);
    },
  });

  save = this.requestTask({
    autoRun: false,
    task: (_args: readonly [], signal) => {
      this.saves.push(signal);
      return pending(signal, this.release);
    },
  });

  protected override render(): TemplateResult {
    return litHtml`<p>${this.load.value ?? 'Loading'}</p>`;
  }
}
customElements.define('helper-load', HelperLoad);

const input = (el: LitElement, field: Field): HTMLInputElement =>
  el.shadowRoot!.querySelector<HTMLInputElement>(`#field-${field}`)!;

describe('FieldErrors', () => {
  it('marks the fields in error, describes them by their message, and focuses the first', async () => {
    const el = await fixture<HelperForm>(html`<helper-form></helper-form>`);
    await expect(el).to.be.accessible();
    el.fields.set({ size: 'Too big.', name: 'Required.' });
    await el.fields.focusFirst();
    expect(input(el, 'name').getAttribute('aria-invalid')).to.equal('true');
    expect(input(el, 'name').getAttribute('aria-describedby')).to.equal('field-name-error');
    expect(input(el, 'size').getAttribute('aria-describedby')).to.equal('size-hint field-size-error');
    expect(el.shadowRoot!.getElementById('field-size-error')!.textContent).to.equal('Too big.');
    expect(el.shadowRoot!.activeElement).to.equal(input(el, 'name'));
    await expect(el).to.be.accessible();
  });

  it('clears a field’s error when the user types in it, and only that one', async () => {
    const el = await fixture<HelperForm>(html`<helper-form></helper-form>`);
    await expect(el).to.be.accessible();
    el.fields.set({ size: 'Too big.', name: 'Required.' });
    await el.updateComplete;
    input(el, 'size').value = '12';
    input(el, 'size').dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await el.updateComplete;
    expect(input(el, 'size').getAttribute('aria-invalid')).to.equal('false');
    expect(input(el, 'size').getAttribute('aria-describedby')).to.equal('size-hint');
    expect(el.shadowRoot!.getElementById('field-size-error')).to.equal(null);
    expect(el.fields.get('name')).to.equal('Required.');
  });
});

describe('OpsElement.requestTask', () => {
  it('aborts a request when the element leaves the page', async () => {
    const el = await fixture<HelperForm>(html`<helper-form></helper-form>`);
    await expect(el).to.be.accessible();
    void el.save.run(['slow']);
    expect(el.save.status).to.equal(TaskStatus.PENDING);
    expect(el.signals[0]!.aborted).to.equal(false);
    el.remove();
    expect(el.signals[0]!.aborted).to.equal(true);
  });

  it('drops a superseded answer and keeps the latest', async () => {
    const el = await fixture<HelperForm>(html`<helper-form></helper-form>`);
    await expect(el).to.be.accessible();
    const first = el.save.run(['one']);
    const second = el.save.run(['two']);
    expect(el.signals[0]!.aborted).to.equal(true);
    el.release[0]!('first answer');
    el.release[1]!('second answer');
    await Promise.all([first, second]);
    expect(el.answers).to.deep.equal(['second answer']);
    expect(el.save.value).to.equal('second answer');
  });

  it('reports a failure as request-error once the task holds it, as an OpsError', async () => {
    const el = await fixture<HelperForm>(html`<helper-form></helper-form>`);
    await expect(el).to.be.accessible();
    const reported = oneEvent(el, 'request-error') as Promise<RequestErrorEvent>;
    void el.save.run(['fail']);
    const event = await reported;
    expect(event.detail.error.code).to.equal('server');
    expect(el.save.status).to.equal(TaskStatus.ERROR);
    expect(el.save.error).to.equal(event.detail.error);

    const unknown = oneEvent(el, 'request-error') as Promise<RequestErrorEvent>;
    void el.save.run(['throw']);
    const wrapped = (await unknown).detail.error;
    expect(wrapped).to.be.instanceOf(OpsError);
    expect(wrapped.code).to.equal('unknown');
    expect(wrapped.message).to.equal('not an OpsError');
  });

  it('loads again when leaving the page cut a load short and the element is back at once', async () => {
    const el = await fixture<HelperLoad>(html`<helper-load></helper-load>`);
    await expect(el).to.be.accessible();
    await waitFor(() => el.loads.length === 1, 'the load did not start');
    const errors: Event[] = [];
    el.addEventListener('request-error', (event) => errors.push(event));
    const parent = el.parentNode!;
    el.remove();
    parent.appendChild(el);
    await waitFor(() => el.loads.length === 2, 'the load was not made again');
    expect(el.loads[0]!.aborted).to.equal(true);
    expect(el.loads[1]!.aborted).to.equal(false);
    el.release[1]!('the order');
    await el.load.taskComplete;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('p')!.textContent).to.equal('the order');
    expect(errors).to.deep.equal([]);
  });

  it('does not submit again when leaving the page cut a submit short', async () => {
    const el = await fixture<HelperLoad>(html`<helper-load></helper-load>`);
    await expect(el).to.be.accessible();
    const saving = el.save.run([]);
    const parent = el.parentNode!;
    el.remove();
    parent.appendChild(el);
    await saving;
    expect(el.saves).to.have.length(1);
    expect(el.save.status).to.equal(TaskStatus.ERROR);
    expect((el.save.error as OpsError).code).to.equal('aborted');
  });
});
