import { css } from 'lit';

export const ratePickerStyles = css`
  section.card {
    display: grid;
    gap: calc(var(--_space) * 2);
  }

  .route {
    margin: calc(var(--_space) / 2) 0 0;
  }

  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }

  legend {
    padding: 0;
    margin-bottom: var(--_space);
    font-weight: 700;
  }

  .parcel-form {
    display: grid;
    gap: calc(var(--_space) * 2);
  }

  .parcel,
  .carriers {
    display: grid;
    gap: var(--_space);
  }

  .row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space) calc(var(--_space) * 1.5);
    align-items: flex-start;
  }

  .row label {
    white-space: nowrap;
  }

  /* As wide as its one-line label at least: the row wraps instead. */
  .row .field {
    flex: 1 1 6.5em;
    max-width: 10em;
    min-width: auto;
  }

  .row .field.unit {
    flex: 0 0 9em;
  }

  .ship-from {
    max-width: 28em;
  }

  .hint {
    margin: 0;
    font-size: 0.92em;
    font-weight: 400;
  }

  .checks {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space) calc(var(--_space) * 2);
  }

  .check {
    display: inline-flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
    font-weight: 400;
  }

  .check input {
    min-height: 0;
    width: 1.1em;
    height: 1.1em;
    margin: 0;
    accent-color: var(--_primary);
  }

  .form-actions {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) * 1.5);
  }

  /* The quotes' own styles come with them (rate-results.templates.ts). */
`;
