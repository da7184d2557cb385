import { css } from 'lit';

/**
 * The customer and delivery method editors' own styles, which the card's first paint does not
 * need: added to the card's shadow root when the editors are made (`addStylesOnce`), opened in
 * place.
 */
export const orderEditorsStyles = css`
  .party:has(.editor) {
    grid-column: 1 / -1;
  }

  .editor {
    display: grid;
    gap: calc(var(--_space) * 1.5);
    margin-top: var(--_space);
  }

  .editor-fields {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(12em, 1fr));
    gap: var(--_space);
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }

  .editor legend {
    padding: 0;
    margin-bottom: var(--_space);
    font-weight: 600;
  }

  .editor .notice {
    margin: 0;
    padding: var(--_space);
    border-radius: var(--_radius);
    background: var(--_warning-surface);
    color: var(--_warning);
  }

  .editor .hint {
    font-size: 0.92em;
  }
`;
