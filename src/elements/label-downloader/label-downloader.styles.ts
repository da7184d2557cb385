import { css } from 'lit';

export const labelDownloaderStyles = css`
  section.card {
    display: grid;
    gap: calc(var(--_space) * 2);
  }

  .purchase,
  .outcome {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: calc(var(--_space) * 1.5);
  }

  .summary {
    display: grid;
    gap: var(--_space);
  }

  .summary h3 {
    color: var(--_muted);
    font-size: 0.9em;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }

  .facts {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(10em, 1fr));
    gap: var(--_space) calc(var(--_space) * 2);
    margin: 0;
  }

  .facts .span {
    grid-column: 1 / -1;
  }

  dt {
    color: var(--_muted);
    font-size: 0.9em;
  }

  dd {
    margin: 0;
  }

  .price-row {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: var(--_space);
    padding-top: var(--_space);
    border-top: 1px solid var(--_border);
  }

  .price-row dt {
    color: var(--_text);
    font-size: 1em;
    font-weight: 600;
  }

  .price {
    font-size: 1.3em;
    font-variant-numeric: tabular-nums;
  }

  .total {
    display: flex;
    justify-content: space-between;
    margin: 0;
    font-size: 1.1em;
  }

  .buy-form {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: calc(var(--_space) * 1.5);
  }

  /* As wide as its longest format (long in French), narrower only where the card is. */
  .format {
    flex: 0 1 auto;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space) calc(var(--_space) * 1.5);
  }

  .actions .loading {
    padding: 0;
  }

  .stored,
  .unclear {
    display: grid;
    gap: var(--_space);
  }

  .unclear p {
    margin: 0;
  }

  .expired {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
  }

  .result {
    display: grid;
    gap: calc(var(--_space) * 1.5);
    padding: calc(var(--_space) * 1.5);
    border: 1px solid var(--_border);
    border-left: 4px solid var(--_success);
    border-radius: var(--_radius);
  }

  .tracking {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 1.15em;
    font-weight: 700;
    letter-spacing: 0.03em;
    overflow-wrap: anywhere;
  }

  .failure {
    display: grid;
    gap: calc(var(--_space) / 2);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border: 1px solid var(--_danger);
    border-radius: var(--_radius);
    background: var(--_danger-surface);
    color: var(--_danger);
  }

  .failure ul {
    margin: 0;
    padding-left: 1.2em;
  }

  .hint {
    margin: 0;
    font-size: 0.92em;
  }

  .print-frame {
    position: fixed;
    right: 0;
    bottom: 0;
    width: 0;
    height: 0;
    border: 0;
    visibility: hidden;
  }
`;
