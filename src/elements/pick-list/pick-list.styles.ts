import { css } from 'lit';

/**
 * Too narrow for four columns (a side column, a phone on a trolley), each row stacks: its checkbox
 * and bin, the item across the width, the quantity beside the bin, the orders below; the header row
 * stays for screen readers. On paper the buttons go, the checkboxes stay to tick by hand, and a row
 * is never cut across two pages.
 */
export const pickListStyles = css`
  .card,
  .not-allocated {
    display: grid;
    gap: calc(var(--_space) * 1.5);
  }

  h2,
  h3,
  p,
  ul {
    margin: 0;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
  }

  .progress {
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }

  .progress:empty,
  .outcome:empty {
    display: none;
  }

  .table-scroll {
    overflow-x: auto;
  }

  caption {
    padding-bottom: var(--_space);
    font-weight: 600;
    font-size: 1.05em;
    text-align: left;
  }

  td.location {
    white-space: nowrap;
  }

  td.location input {
    margin: 0 var(--_space) 0 0;
    vertical-align: middle;
  }

  .bin {
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    vertical-align: middle;
  }

  .bin.none {
    color: var(--_muted);
    font-weight: 400;
    font-style: italic;
  }

  .item {
    overflow-wrap: anywhere;
  }

  .title {
    display: block;
    font-weight: 600;
  }

  .sku,
  .kit {
    display: block;
    color: var(--_muted);
    font-size: 0.92em;
  }

  .kit {
    color: var(--_info);
    font-weight: 600;
  }

  td.quantity {
    font-size: 1.15em;
    font-weight: 700;
  }

  .orders ul {
    padding: 0;
    list-style: none;
  }

  tr.picked td {
    background: var(--_success-surface);
  }

  tr.picked .title {
    text-decoration: line-through;
  }

  .not-allocated {
    gap: var(--_space);
    padding-top: var(--_space);
    border-top: 1px solid var(--_border);
  }

  .not-allocated ul {
    padding-left: 1.2em;
  }

  .print-frame {
    position: fixed;
    bottom: 0;
    width: 0;
    height: 0;
    border: 0;
  }

  @container (max-width: 32em) {
    :is(table, caption, tbody) {
      display: block;
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
      grid-template-columns: minmax(0, 1fr) auto;
      gap: calc(var(--_space) / 2) var(--_space);
      padding: var(--_space) 0;
      border-bottom: 1px solid var(--_border);
    }

    th,
    td {
      padding: 0;
      border: 0;
    }

    td.location {
      grid-area: 1 / 1;
      white-space: normal;
      overflow-wrap: anywhere;
    }

    td.quantity {
      grid-area: 1 / 2;
    }

    td.item,
    td.orders {
      grid-column: 1 / -1;
    }

    .not-allocated ul {
      padding-left: 0;
      list-style: none;
    }
  }

  @media print {
    .card {
      border: 0;
      padding: 0;
    }

    .actions,
    .outcome,
    .error-banner {
      display: none;
    }

    .table-scroll {
      overflow: visible;
    }

    tr {
      break-inside: avoid;
    }

    thead {
      display: table-header-group;
    }

    tr.picked td {
      background: none;
    }

    tr.picked .title {
      text-decoration: none;
    }

    td,
    th {
      border-bottom-color: #000;
      color: #000;
    }
  }
`;
