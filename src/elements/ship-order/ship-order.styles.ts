import { css } from 'lit';

export const shipOrderStyles = css`
  .flow,
  .step {
    display: grid;
    gap: calc(var(--_space) * 2);
  }

  .checks {
    display: grid;
    gap: var(--_space);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .check {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space) calc(var(--_space) * 1.5);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-left: 3px solid var(--_warning);
    background: var(--_warning-surface);
    border-radius: var(--_radius);
  }

  .check > span:first-child {
    flex: 1 1 14em;
  }

  .unallocated {
    flex-basis: 100%;
    margin: 0;
    padding-inline-start: 1.25em;
  }

  .split {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space) calc(var(--_space) * 1.5);
  }

  .split p {
    flex: 1 1 16em;
    margin: 0;
  }

  .editor {
    display: grid;
    flex-basis: 100%;
    /* As narrow as the check: the editor's fields wrap instead of widening it. */
    grid-template-columns: minmax(0, 1fr);
    min-width: 0;
    gap: var(--_space);
    justify-items: start;
  }

  .editor product-editor {
    justify-self: stretch;
  }

  h2[tabindex]:focus-visible,
  .ready:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }

  .done dd {
    margin: 0;
    font-family: ui-monospace, monospace;
  }
`;
