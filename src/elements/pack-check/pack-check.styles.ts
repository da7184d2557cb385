import { css } from 'lit';

export const packCheckStyles = css`
  .card {
    display: grid;
    gap: calc(var(--_space) * 1.5);
  }

  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: var(--_space);
  }

  .progress {
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }

  progress {
    width: 100%;
    height: 0.5em;
    accent-color: var(--_success);
  }

  .lines {
    display: grid;
    gap: var(--_space);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .line {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space) calc(var(--_space) * 1.5);
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }

  .line.complete {
    border-color: var(--_success);
    background: var(--_success-surface);
  }

  .item {
    display: grid;
    flex: 1 1 12em;
    min-width: 0;
    gap: calc(var(--_space) / 4);
  }

  .title {
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .codes {
    display: flex;
    flex-wrap: wrap;
    gap: 0 calc(var(--_space) * 1.5);
    color: var(--_muted);
    font-size: 0.9em;
  }

  /* A long SKU or code wraps inside its box rather than pushing the line out of the card. */
  .codes span {
    overflow-wrap: anywhere;
  }

  .count {
    font-variant-numeric: tabular-nums;
    font-weight: 600;
    white-space: nowrap;
  }

  .scan {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: var(--_space);
  }

  .scan .field {
    flex: 1 1 14em;
  }

  .hint {
    margin: calc(var(--_space) * -1) 0 0;
    font-size: 0.9em;
  }

  .refusal {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border: 1px solid var(--_danger);
    border-radius: var(--_radius);
    background: var(--_danger-surface);
    color: var(--_danger);
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .outcome:empty {
    display: none;
  }
`;
