import { css } from 'lit';

export const productEditorStyles = css`
  .card,
  form {
    display: grid;
    gap: calc(var(--_space) * 2);
  }

  .card h2 {
    overflow-wrap: anywhere;
  }

  fieldset {
    display: grid;
    gap: calc(var(--_space) * 1.5);
    min-width: 0;
    margin: 0;
    padding: calc(var(--_space) * 1.5) calc(var(--_space) * 2);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }

  legend {
    max-width: 100%;
    padding: 0 calc(var(--_space) / 2);
    font-weight: 600;
    /* A word longer than the whole line ("Eigenschaftswerte" in a side column) breaks; no other does. */
    overflow-wrap: break-word;
  }

  /* One column where the element is narrow, two once there is room for them. */
  .fields {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: calc(var(--_space) * 1.5) calc(var(--_space) * 2);
  }

  @container (min-width: 36em) {
    .fields {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }

    .field.wide {
      grid-column: 1 / -1;
    }
  }

  .hint {
    font-size: 0.9em;
  }

  .section-hint {
    margin: 0;
  }

  .form-actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) * 1.5);
  }

  .save-status:empty {
    display: none;
  }

  .save-status .notice {
    margin: 0;
  }

  .failures {
    display: grid;
    gap: var(--_space);
  }

  .failures:empty {
    display: none;
  }
`;
