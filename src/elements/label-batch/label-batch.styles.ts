import { css } from 'lit';

export const labelBatchStyles = css`
  .card {
    display: grid;
    gap: calc(var(--_space) * 1.5);
  }

  h2,
  h3 {
    margin: 0;
  }

  .controls,
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: calc(var(--_space) * 1.5);
  }

  .progress:empty {
    display: none;
  }

  .progress .loading {
    margin: 0;
  }

  progress {
    flex: 0 1 12em;
  }

  .table-scroll {
    overflow-x: auto;
  }

  caption {
    padding-bottom: var(--_space);
    font-weight: 600;
    text-align: left;
  }

  select.rate {
    min-width: 14em;
    max-width: 20em;
  }

  tbody th,
  tbody td.num,
  .amount {
    white-space: nowrap;
  }

  td.outcome {
    min-width: 10em;
  }

  tfoot th,
  tfoot td {
    border-bottom: none;
    color: var(--_text);
    font-weight: 700;
  }

  .bought {
    color: var(--_success);
    font-weight: 600;
  }

  .failure,
  .expired {
    display: grid;
    gap: calc(var(--_space) / 2);
    justify-items: start;
    color: var(--_danger);
  }

  .expired {
    color: var(--_warning);
  }

  .failure ul,
  .reasons {
    margin: 0;
    padding-left: 1.2em;
  }

  .button.small {
    min-height: 2em;
    padding: 0 var(--_space);
    font-size: 0.92em;
  }

  .summary {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 2);
    margin: 0;
  }

  .not-bought {
    color: var(--_danger);
    font-weight: 600;
  }

  .left-out {
    display: grid;
    gap: var(--_space);
    padding-top: var(--_space);
    border-top: 1px solid var(--_border);
  }

  .left-out > ul {
    display: grid;
    gap: var(--_space);
    margin: 0;
    padding-left: 1.2em;
  }

  .print-frame {
    position: fixed;
    right: 0;
    bottom: 0;
    width: 0;
    height: 0;
    border: 0;
  }
`;
