import { css } from 'lit';

/** Data tables, in a `.table-scroll` wrapper that scrolls by keyboard, with `.num` columns. */
export const tableStyles = css`
  .table-scroll:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }

  table {
    width: 100%;
    border-collapse: collapse;
  }

  th,
  td {
    padding: calc(var(--_space) * 0.75) var(--_space);
    border-bottom: 1px solid var(--_border);
    text-align: left;
    vertical-align: top;
  }

  th {
    color: var(--_muted);
    font-size: 0.9em;
    font-weight: 600;
  }

  /* A number or an amount never breaks inside ("£13.0 / 0"), whatever its cell's wrapping. */
  .num {
    text-align: right;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
    overflow-wrap: normal;
  }
`;
