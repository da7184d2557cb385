import { css } from 'lit';

/**
 * The stock editor's own styles, which the element's first paint does not need: added to the
 * element's shadow root when the editor is made (`addStylesOnce`).
 */
export const stockEditorStyles = css`
  .stock-editor {
    display: grid;
    flex: 1 0 100%;
    gap: calc(var(--_space) * 1.5);
    padding: calc(var(--_space) * 1.5);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface-alt);
  }
  .stock-fields {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 2);
  }
`;
