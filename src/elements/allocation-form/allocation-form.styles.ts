import { css } from 'lit';

export const allocationFormStyles = css`
  .order-number {
    white-space: nowrap;
  }

  .card {
    display: grid;
    gap: calc(var(--_space) * 2.5);
  }

  .header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
  }

  .result-region:empty,
  .removal-status:empty {
    display: none;
  }

  .notice p,
  p.notice,
  .confirm p {
    margin: 0;
  }

  .notice p + p {
    margin-top: calc(var(--_space) / 2);
  }

  .remaining {
    margin: calc(var(--_space) / 2) 0 0;
    padding-left: 1.2em;
  }

  .allocation-form {
    display: grid;
    gap: calc(var(--_space) * 2);
  }

  .warehouse-field select {
    max-width: 100%;
  }

  .hint,
  .line-meta,
  .stock,
  .link-button {
    font-size: 0.92em;
  }

  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }

  legend {
    padding: 0;
    margin-bottom: var(--_space);
    font-weight: 600;
  }

  .line-list,
  .allocation-list,
  .allocation-items {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .line,
  .allocation-main {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    justify-content: space-between;
    gap: calc(var(--_space) * 2);
  }

  .allocation-main {
    gap: var(--_space);
  }

  .line,
  .allocation {
    padding: calc(var(--_space) * 1.25) 0;
    border-top: 1px solid var(--_border);
  }

  .line:last-child,
  .allocation:last-child {
    border-bottom: 1px solid var(--_border);
  }

  .line-text {
    display: flex;
    flex: 1 1 auto;
    flex-direction: column;
    gap: calc(var(--_space) / 4);
    min-width: 0;
  }

  .sku {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.95em;
  }

  .line > input {
    flex: 0 0 auto;
    width: 6em;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }

  .line > input:disabled {
    background: var(--_surface-alt);
  }

  .line .badge {
    flex: 0 0 auto;
  }

  .stock.warning {
    color: var(--_warning);
    font-weight: 600;
  }

  .link-button {
    align-self: flex-start;
    padding: 0;
    border: 0;
    background: none;
    color: var(--_primary);
    font: inherit;
    text-decoration: underline;
    cursor: pointer;
  }

  .link-button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }

  /* The stock editor's own styles come with it (stock-editor.styles.ts). */
  .confirm {
    display: grid;
    gap: var(--_space);
    margin-top: var(--_space);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border: 1px solid var(--_danger);
    border-radius: var(--_radius);
    background: var(--_danger-surface);
  }

  .stock-status,
  #choice-error,
  .removal-status {
    margin: var(--_space) 0 0;
  }

  /* Kept in the accessibility tree while empty, so what it says next is announced. */
  .stock-status:empty {
    margin: 0;
  }

  .form-actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) * 1.5);
  }

  .allocations h3 {
    margin-bottom: var(--_space);
  }

  .allocations h3:focus {
    outline: none;
  }

  .allocation-items {
    margin-top: calc(var(--_space) / 2);
    color: var(--_muted);
  }
`;
