import { css } from 'lit';

/** What only rates bring (the controls, the table, the totals) is styled with them (batch-rates.styles.ts). */
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
`;
