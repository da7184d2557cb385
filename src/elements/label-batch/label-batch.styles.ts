import { css } from 'lit';

/**
 * The purchase's live region is empty until something is bought: out of the card's grid (no gap),
 * but still a live region. A rate select takes the width its column is left: a long carrier,
 * service, price and date end in an ellipsis (the select's title has them whole) rather than
 * pushing the price and what became of the label out of sight behind a sideways scroll. Too narrow
 * for five columns, each order stacks (number and price, where it goes, its rate across the width,
 * what became of it), so no rate or price hides behind a sideways scroll; the header row stays for
 * screen readers.
 */
export const labelBatchStyles = css`
  .card,
  .left-out,
  .left-out > ul {
    display: grid;
    gap: var(--_space);
  }

  h2,
  h3,
  p,
  ul {
    margin: 0;
  }

  ul {
    padding-left: 1.2em;
  }

  /* A side column keeps its width for the words: no indent for the orders left out. */
  @container (max-width: 22em) {
    .left-out > ul {
      padding-left: 0;
      list-style: none;
    }
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: calc(var(--_space) * 1.5);
  }

  .progress:empty {
    display: none;
  }

  .button.small {
    min-height: 2em;
    padding: 0 var(--_space);
  }

  .left-out {
    padding-top: var(--_space);
    border-top: 1px solid var(--_border);
  }

  .print-frame {
    position: fixed;
    bottom: 0;
    width: 0;
    height: 0;
    border: 0;
  }

  .controls,
  .summary {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: calc(var(--_space) * 1.5);
  }

  .purchase-status:empty,
  .print-status:empty {
    position: absolute;
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
    width: 100%;
    min-width: 14em;
  }

  .delivery {
    display: block;
    margin-top: calc(var(--_space) / 4);
    font-size: 0.92em;
  }

  tbody th,
  tbody td.num,
  .amount {
    white-space: nowrap;
  }

  td.outcome {
    min-width: 10em;
  }

  /* The totals of several currencies may take a line each rather than widen the price column. */
  tfoot td.num {
    white-space: normal;
  }

  tfoot * {
    border: 0;
    color: var(--_text);
    font-weight: 700;
  }

  @container (max-width: 40em) {
    :is(table, caption, tbody, tfoot) {
      display: block;
    }

    td:empty {
      display: none;
    }

    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }

    tr {
      display: grid;
      grid-template-columns: 1fr auto;
      gap: calc(var(--_space) / 2) var(--_space);
      padding: var(--_space) 0;
      border-bottom: 1px solid var(--_border);
    }

    th,
    td {
      padding: 0;
      border: 0;
    }

    td.num {
      grid-area: 1 / 2;
    }

    td:not(.num) {
      grid-column: 1 / -1;
    }

    select.rate {
      width: 100%;
      min-width: 0;
    }
  }

  .bought,
  .not-bought {
    color: var(--_success);
    font-weight: 600;
  }

  .failure,
  .expired {
    display: grid;
    gap: calc(var(--_space) / 2);
    justify-items: start;
  }

  .failure,
  .not-bought {
    color: var(--_danger);
  }

  .expired {
    color: var(--_warning);
  }
`;
