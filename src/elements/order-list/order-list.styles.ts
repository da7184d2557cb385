import { css } from 'lit';

export const orderListStyles = css`
  .list {
    display: grid;
    gap: calc(var(--_space) * 1.5);
  }

  .controls {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: calc(var(--_space) * 1.5);
  }

  .controls .search {
    flex: 1 1 14em;
  }

  .select-page {
    display: inline-flex;
    align-items: center;
    gap: var(--_space);
  }

  .rows {
    display: grid;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .rows.stale {
    opacity: 0.6;
  }

  .row {
    display: flex;
    align-items: center;
    gap: var(--_space);
    border-bottom: 1px solid var(--_border);
  }

  .row input[type='checkbox'] {
    min-height: auto;
    margin: 0 0 0 calc(var(--_space) / 2);
  }

  .order {
    display: grid;
    flex: 1;
    min-width: 0;
    grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas:
      'number total'
      'customer customer'
      'status count';
    align-items: center;
    gap: calc(var(--_space) / 2) var(--_space);
    min-height: 2.75em;
    padding: calc(var(--_space) * 0.75) var(--_space);
    border: 0;
    border-radius: calc(var(--_radius) / 2);
    background: transparent;
    color: inherit;
    font: inherit;
    text-align: left;
    cursor: pointer;
  }

  .order:hover,
  .order[aria-current='true'] {
    background: var(--_surface-alt);
  }

  .order[aria-current='true'] {
    box-shadow: inset 3px 0 0 var(--_primary);
  }

  .order:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: -2px;
  }

  .number {
    grid-area: number;
    font-weight: 600;
  }

  .status {
    grid-area: status;
  }

  .count {
    grid-area: count;
  }

  /* A row of its own under the rest, in every layout; none when the order has no tags. */
  .tags {
    display: flex;
    flex-wrap: wrap;
    grid-column: 1 / -1;
    gap: calc(var(--_space) / 2);
  }

  /* The name in the body text colour, readable on any tag colour: the colour is only the swatch. */
  .tag {
    display: inline-flex;
    align-items: center;
    gap: 0.35em;
    padding: 0 0.5em;
    border: 1px solid var(--_border);
    border-radius: 999px;
    font-size: 0.85em;
    line-height: 1.6;
  }

  .swatch {
    width: 0.7em;
    height: 0.7em;
    border: 1px solid var(--_border);
    border-radius: 50%;
  }

  .hint {
    max-width: 20em;
    font-size: 0.85em;
  }

  .total {
    grid-area: total;
  }

  @container (min-width: 40em) {
    .order {
      grid-template-columns: minmax(6em, 1fr) minmax(8em, 2fr) minmax(8em, 1.2fr) minmax(5em, 1fr) minmax(
          6em,
          1fr
        );
      grid-template-areas: 'number customer status count total';
    }
  }

  .customer {
    grid-area: customer;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  /* A number, an amount or "Page x of y" never breaks inside. */
  .count,
  .total {
    text-align: right;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }

  .total {
    font-weight: 600;
  }

  /* A side column (about 240 px): each part of an order on a line of its own. */
  @container (max-width: 22em) {
    .order {
      grid-template-columns: minmax(0, 1fr);
      grid-template-areas: 'number' 'total' 'customer' 'status' 'count';
    }

    .count,
    .total {
      text-align: left;
    }

    /* A long status ("En attente de paiement") wraps between its words rather than running out. */
    .badge {
      max-width: 100%;
      white-space: normal;
    }
  }
`;
