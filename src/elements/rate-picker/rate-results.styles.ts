/** The styles of rate-picker's quotes (rate-results.templates.ts), after the picker's own. */
import { css } from 'lit';

export const rateResultsStyles = css`
  .results {
    display: grid;
    gap: calc(var(--_space) * 1.5);
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    justify-content: space-between;
    gap: var(--_space);
  }
  .countdown {
    margin: 0;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .rates {
    display: grid;
    gap: var(--_space);
  }
  .rate {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: start;
    gap: calc(var(--_space) * 1.5);
    padding: calc(var(--_space) * 1.25) calc(var(--_space) * 1.5);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    font-weight: 400;
    cursor: pointer;
  }
  .rate:hover {
    border-color: var(--_primary);
  }
  .rate.chosen {
    border-color: var(--_primary);
    box-shadow: inset 0 0 0 1px var(--_primary);
    background: var(--_surface-alt);
  }
  .rates:disabled .rate {
    cursor: not-allowed;
    opacity: 0.6;
  }
  .rate input {
    min-height: 0;
    width: 1.1em;
    height: 1.1em;
    margin: 0.2em 0 0;
    accent-color: var(--_primary);
  }
  .rate-main,
  .service {
    display: grid;
    gap: calc(var(--_space) / 4);
  }
  .rate-meta {
    font-size: 0.92em;
  }
  .rate-side {
    display: grid;
    justify-items: end;
    gap: calc(var(--_space) / 2);
  }
  .price {
    font-size: 1.15em;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .badges {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: calc(var(--_space) / 2);
  }
  .expired {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
  }
  .unavailable summary {
    cursor: pointer;
    color: var(--_muted);
    font-weight: 600;
  }
  .unavailable ul {
    margin: var(--_space) 0 0;
    padding-left: 1.2em;
  }
  .unavailable > ul > li {
    margin-bottom: var(--_space);
  }
  .unavailable .reasons {
    margin-top: calc(var(--_space) / 4);
    color: var(--_muted);
  }
  .options {
    padding-top: calc(var(--_space) * 1.5);
    border-top: 1px solid var(--_border);
  }
  .options legend {
    float: left;
    width: 100%;
  }
  .option-fields {
    clear: left;
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(16em, 100%), 1fr));
    gap: var(--_space) calc(var(--_space) * 2);
  }
  /* A side column: the price and its badges under the service, not squeezed beside it. */
  @container (max-width: 22em) {
    .rate {
      grid-template-columns: auto minmax(0, 1fr);
    }
    .rate-side {
      grid-column: 2;
      justify-items: start;
    }
    .badges {
      justify-content: flex-start;
    }
  }
`;
