import { css } from 'lit';

export const listingLinkerStyles = css`
  .card {
    display: grid;
    gap: calc(var(--_space) * 2.5);
  }

  .store-choice,
  .store-form {
    display: grid;
    gap: calc(var(--_space) * 1.5);
  }

  /* The select as wide as its longest store name, narrower only where the card is; "Create store" beside it. */
  .store-row {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: var(--_space) calc(var(--_space) * 1.5);
  }

  /* Grid and flex items are at least as wide as their content: a long store name would widen the card. */
  .store-choice,
  .store-row,
  .store-field {
    min-width: 0;
  }

  .notice ul {
    margin: calc(var(--_space) / 2) 0 0;
    padding-left: 1.25em;
  }

  .notice p {
    margin: calc(var(--_space) / 2) 0 0;
  }

  .link-form {
    display: grid;
    gap: calc(var(--_space) * 2);
  }

  .fields,
  .mode-fields {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(14em, 1fr));
    gap: calc(var(--_space) * 1.5) calc(var(--_space) * 2);
  }

  .field.wide {
    grid-column: 1 / -1;
  }

  .hint {
    font-size: 0.9em;
  }

  .link-mode {
    display: grid;
    gap: var(--_space);
    margin: 0;
    padding: calc(var(--_space) * 1.5) calc(var(--_space) * 2);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface-alt);
  }

  .link-mode legend {
    padding: 0 calc(var(--_space) / 2);
    font-weight: 600;
  }

  .mode {
    display: flex;
    align-items: flex-start;
    gap: var(--_space);
  }

  .mode > div {
    display: flex;
    flex-direction: column;
  }

  .mode input {
    min-height: auto;
    margin: 0.25em 0 0;
    accent-color: var(--_primary);
  }

  .mode-fields {
    margin-left: calc(var(--_space) * 3);
    padding-bottom: var(--_space);
  }

  .form-actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) * 1.5);
  }

  .form-status:empty {
    display: none;
  }

  .form-status .notice {
    margin: 0;
  }

  .listings {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_space);
    padding-top: calc(var(--_space) * 2);
    border-top: 1px solid var(--_border);
  }

  .listings-head {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    justify-content: space-between;
    gap: var(--_space) calc(var(--_space) * 2);
  }

  .filter {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: var(--_space);
  }

  .filter-note,
  .empty {
    margin: 0;
  }

  .table-scroll {
    overflow-x: auto;
  }

  /* A word breaks only where it is wider than the table's room, never to squeeze a column. */
  td {
    overflow-wrap: break-word;
  }

  /* The values of the columns a narrow table hides, under each row's remote SKU. */
  .hidden-columns {
    display: none;
    margin: calc(var(--_space) / 2) 0 0;
    font-size: 0.92em;
  }

  .hidden-columns div {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 calc(var(--_space) / 2);
  }

  .hidden-columns dt {
    color: var(--_muted);
  }

  .hidden-columns dt::after {
    content: ':';
  }

  .hidden-columns dd {
    margin: 0;
  }

  .hidden-columns dd.num {
    text-align: start;
  }

  /* Narrow: SKU, title and price as columns, so the table fits without scrolling sideways; the
     other values under the SKU. */
  @container (max-width: 32em) {
    th:nth-child(n + 4),
    td:nth-child(n + 4) {
      display: none;
    }

    .hidden-columns {
      display: grid;
      gap: calc(var(--_space) / 4);
    }
  }

  .hidden-columns .hidden-title {
    display: none;
  }

  /* A side column: SKU and price, the title under the SKU too. */
  @container (max-width: 22em) {
    th:nth-child(2),
    td:nth-child(2) {
      display: none;
    }

    .hidden-columns .hidden-title {
      display: flex;
    }
  }

  table[aria-busy='true'] {
    opacity: 0.6;
  }

  /* A SKU goes to the next line whole rather than breaking at its hyphens; one longer than the
     line breaks anywhere. */
  .sku {
    display: inline-block;
    max-width: 100%;
    overflow-wrap: anywhere;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.92em;
  }

  tr.new td {
    background: var(--_surface-alt);
  }

  tr.new .badge {
    margin-left: calc(var(--_space) / 2);
  }

  .pager {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space) calc(var(--_space) * 2);
  }

  .field.inline {
    flex-direction: row;
    align-items: center;
    gap: var(--_space);
  }

  .pager-buttons {
    display: flex;
    gap: var(--_space);
  }

  /* "Page x of y" never breaks inside. */
  .page-of {
    white-space: nowrap;
  }

  /* Too narrow for the pager on one row (a phone, a side column): "Previous page" and "Next page"
     one under the other, each the pager's width. */
  @container (max-width: 30em) {
    .pager-buttons {
      flex: 1 0 100%;
      flex-direction: column;
    }
  }
`;
