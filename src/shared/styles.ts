import { css } from 'lit';

/**
 * The styling surface shared by every element. Notices, badges and tables have sheets of their
 * own (`notice.styles.ts`, `badge.styles.ts`, `table.styles.ts`), each its own module: a tagged
 * `css` literal is a call a bundler keeps, so an element that shows none of them does not import them. Hosts theme through `--ops-*` custom properties
 * (documented in the README) and named `part`s; everything else stays inside the shadow root.
 * Private `--_*` properties resolve each token once, with its default.
 */
export const baseStyles = css`
  :host {
    display: block;
    /* Each element lays itself out for the width it is given (@container rules), not the
       window's. Contained, its width no longer follows its content, so in a flex row it takes
       the room left rather than none. */
    container-type: inline-size;
    flex: auto;
    --_primary: var(--ops-color-primary, #1f4fd1);
    --_on-primary: var(--ops-color-on-primary, #ffffff);
    --_text: var(--ops-color-text, #1b1f24);
    --_muted: var(--ops-color-muted, #545d69);
    --_surface: var(--ops-color-surface, #ffffff);
    --_surface-alt: var(--ops-color-surface-alt, #f5f7fa);
    --_border: var(--ops-color-border, #d3d9e0);
    --_danger: var(--ops-color-danger, #b3261e);
    --_danger-surface: var(--ops-color-danger-surface, #fdecea);
    --_success: var(--ops-color-success, #1e6b35);
    --_success-surface: var(--ops-color-success-surface, #e6f4ea);
    --_warning: var(--ops-color-warning, #7a4b00);
    --_warning-surface: var(--ops-color-warning-surface, #fff3d6);
    --_info: var(--ops-color-info, #1a4f8b);
    --_info-surface: var(--ops-color-info-surface, #e7f0fb);
    --_focus: var(--ops-color-focus, #1f4fd1);
    --_radius: var(--ops-radius, 8px);
    --_space: calc(var(--ops-space, 8px) * var(--ops-density, 1));
    --_font: var(
      --ops-font-family,
      system-ui,
      -apple-system,
      'Segoe UI',
      Roboto,
      'Helvetica Neue',
      Arial,
      sans-serif
    );
    --_font-size: var(--ops-font-size, 14px);

    box-sizing: border-box;
    color: var(--_text);
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: 1.45;
  }

  :host([hidden]) {
    display: none;
  }

  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }

  /* As a grid, one column no wider than the card, whatever a child's content asks. */
  .card {
    grid-template-columns: minmax(0, 1fr);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 2);
  }

  h2,
  h3,
  h4 {
    margin: 0;
    line-height: 1.25;
  }

  h2 {
    font-size: 1.3em;
  }

  h3 {
    font-size: 1.05em;
  }

  .muted {
    color: var(--_muted);
  }

  /** A word that must not break across lines (an order number such as SO-10483 has a hyphen). */
  .whole {
    white-space: nowrap;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }

  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: var(--_space);
    min-height: 2.5em;
    padding: 0 calc(var(--_space) * 2);
    border: 1px solid var(--_primary);
    border-radius: var(--_radius);
    background: var(--_primary);
    color: var(--_on-primary);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }

  .button.secondary {
    background: var(--_surface);
    color: var(--_primary);
  }

  .button.danger {
    background: var(--_surface);
    border-color: var(--_danger);
    color: var(--_danger);
  }

  .button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  /* Pointer targets of at least 24 × 24 px (WCAG 2.2, 2.5.8): a checkbox or a radio and its label
     are one target, as a click on the label sets it; a checkbox alone is that size itself. */
  label:has(> input[type='checkbox']),
  label:has(> input[type='radio']),
  summary {
    min-height: 24px;
  }

  input[type='checkbox'][aria-label] {
    width: 24px;
    height: 24px;
    min-height: 0;
    accent-color: var(--_primary);
  }

  /* Busy (a save under way): it keeps focus, unlike a disabled button, and ignores presses. */
  .button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }

  .button:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }

  /* May be narrower than its control's longest option, which then ends in an ellipsis. */
  .field {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
    min-width: 0;
  }

  label,
  .label {
    font-weight: 600;
  }

  input,
  select,
  textarea {
    min-height: 2.5em;
    padding: calc(var(--_space) / 2) var(--_space);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 1.5);
    background: var(--_surface);
    color: var(--_text);
    font: inherit;
    /* A long option or value ends in an ellipsis instead of pushing the field out of its box. */
    max-width: 100%;
    text-overflow: ellipsis;
  }

  textarea {
    resize: vertical;
  }

  [aria-invalid='true'] {
    border-color: var(--_danger);
  }

  .field-error {
    color: var(--_danger);
    font-size: 0.92em;
  }

  .loading {
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding: var(--_space) 0;
    color: var(--_muted);
  }

  .spinner {
    width: 1em;
    height: 1em;
    border: 2px solid var(--_border);
    border-top-color: var(--_primary);
    border-radius: 50%;
    animation: spin 0.8s linear infinite;
  }

  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
    }
  }

  .error-banner {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    justify-content: space-between;
    gap: var(--_space);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border: 1px solid var(--_danger);
    border-radius: var(--_radius);
    background: var(--_danger-surface);
    color: var(--_danger);
    overflow-wrap: anywhere;
  }

  .error-text {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
  }

  .error-messages {
    margin: 0;
    padding-left: 1.2em;
  }

  /* A side column keeps its width for the words: the list markers inside, not in an indent. */
  @container (max-width: 22em) {
    .error-messages {
      padding-left: 0;
      list-style-position: inside;
    }
  }
`;
