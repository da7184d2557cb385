import { css } from 'lit';

/** Coloured notices: `.notice`, `.notice.success`, `.notice.warning`. */
export const noticeStyles = css`
  .notice {
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-radius: var(--_radius);
    background: var(--_info-surface);
    color: var(--_info);
    /* A printer's name or reason, an order number: a long word breaks rather than widen the card. */
    overflow-wrap: anywhere;
  }

  .notice.success {
    background: var(--_success-surface);
    color: var(--_success);
  }

  .notice.warning {
    background: var(--_warning-surface);
    color: var(--_warning);
  }
`;
