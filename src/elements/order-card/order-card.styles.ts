import { css } from 'lit';

export const orderCardStyles = css`
  article.card {
    display: grid;
    gap: calc(var(--_space) * 2.5);
  }

  .title-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
  }

  dl {
    margin: 0;
  }

  dt {
    color: var(--_muted);
    font-size: 0.9em;
  }

  dd {
    margin: 0;
  }

  .dates {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 3);
    margin-top: var(--_space);
  }

  .parties {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(14em, 1fr));
    gap: calc(var(--_space) * 2);
  }

  .parties h3,
  .items h3,
  .allocations h3,
  .notes h3 {
    margin-bottom: var(--_space);
  }

  .parties p,
  address {
    margin: 0;
    font-style: normal;
    /* A long street name wraps instead of running into the next column. */
    overflow-wrap: anywhere;
  }

  /* One line of the address per line of its text. */
  address {
    white-space: pre-line;
  }

  /* An e-mail address breaks only where it has a <wbr> (after its @ and dots). */
  .email {
    overflow-wrap: normal;
    word-break: normal;
  }

  .table-scroll {
    overflow-x: auto;
  }

  .thumb {
    width: 48px;
  }

  /* The column for pictures, where a line of the page has one. */
  table:not(.with-pictures) .thumb {
    display: none;
  }

  .thumb img {
    display: block;
    border-radius: calc(var(--_radius) / 2);
    object-fit: cover;
    background: var(--_surface-alt);
  }

  /* A line without a picture, in a table with a column for pictures: an empty cell. */
  .thumb img:not([src]) {
    display: none;
  }

  /* "Edit" after the item's title, on one line, a 24 px target at least (WCAG 2.2, 2.5.8). */
  .edit-product {
    min-width: 24px;
    min-height: 24px;
    margin-inline-start: calc(var(--_space) / 2);
    padding: 0 var(--_space);
    font-size: 0.875em;
    line-height: 1.2;
    white-space: nowrap;
    vertical-align: baseline;
  }

  .product-panel {
    display: grid;
    gap: var(--_space);
    justify-items: start;
    margin-top: var(--_space);
  }

  .product-panel product-editor {
    justify-self: stretch;
  }

  /* Focused when it opens, so a keyboard user lands in it; a pointer user needs no ring. */
  .product-panel:focus {
    outline: none;
  }

  .product-panel:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 4px;
  }

  .sku {
    white-space: nowrap;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.92em;
  }

  /* Too narrow for six columns: each line item stacks (title, SKU, then quantity × unit price and
     the line total), so no price hides behind a sideways scroll. The header row stays for screen
     readers. */
  @container (max-width: 40em) {
    .items :is(table, tbody) {
      display: block;
    }

    .items thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }

    .items tr {
      display: grid;
      grid-template-columns: auto auto auto 1fr;
      padding: calc(var(--_space) * 0.75) 0;
      border-bottom: 1px solid var(--_border);
    }

    .items td {
      padding: 0;
      border: 0;
    }

    .items td:nth-last-child(n + 3) {
      grid-column: 2 / -1;
    }

    .items td:nth-last-child(3) {
      grid-column: 2;
    }

    .items td:nth-last-child(3)::after {
      content: '×' / '';
      padding: 0 0.4em;
    }

    .items td.thumb {
      grid-area: 1 / 1 / span 3;
      padding-right: var(--_space);
    }
  }

  .pager {
    margin-top: var(--_space);
  }

  .totals {
    display: grid;
    gap: calc(var(--_space) / 2);
    max-width: 22em;
    margin-left: auto;
  }

  .totals div {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: calc(var(--_space) * 2);
  }

  .totals dd {
    font-variant-numeric: tabular-nums;
  }

  .totals .grand-total {
    padding-top: calc(var(--_space) / 2);
    border-top: 1px solid var(--_border);
    font-size: 1.1em;
    font-weight: 700;
  }

  .totals .grand-total dt {
    color: var(--_text);
    font-size: 1em;
  }

  .allocation-list,
  .note-list,
  .allocation-items {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .allocation,
  .note {
    padding: var(--_space) 0;
    border-bottom: 1px solid var(--_border);
  }

  .allocation-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
  }

  .allocation-items {
    margin-top: calc(var(--_space) / 2);
    color: var(--_muted);
  }

  .note-text {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  /* A long note shows its first lines until "Show more". */
  .note-text.clamped {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 6;
    overflow: hidden;
  }

  .note-count {
    margin: 0;
    font-size: 0.9em;
  }

  .note-meta {
    margin: calc(var(--_space) / 4) 0 0;
    font-size: 0.9em;
  }

  .note-form {
    display: grid;
    gap: var(--_space);
    margin-top: calc(var(--_space) * 1.5);
  }

  .form-actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) * 1.5);
  }

  .tags {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
    margin: var(--_space) 0 0;
    padding: 0;
    list-style: none;
  }

  .tag {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
    padding: 0 var(--_space);
    border: 1px solid var(--_border);
    border-radius: 1em;
  }

  .swatch {
    width: 0.75em;
    height: 0.75em;
    border-radius: 50%;
    background: var(--_muted);
  }

  /* Kept in the accessibility tree while empty, so what it says next is announced. */
  .editor-status:empty {
    position: absolute;
  }
`;
