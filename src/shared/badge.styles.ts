import { css } from 'lit';

/** Badges from `renderBadge`/`renderStatusBadge` in their tones. */
export const badgeStyles = css`
  .badge {
    display: inline-block;
    padding: 0.1em 0.6em;
    border-radius: 999px;
    background: var(--_surface-alt);
    color: var(--_text);
    font-size: 0.85em;
    font-weight: 600;
    white-space: nowrap;
  }

  .badge.success {
    background: var(--_success-surface);
    color: var(--_success);
  }

  .badge.warning {
    background: var(--_warning-surface);
    color: var(--_warning);
  }

  .badge.danger {
    background: var(--_danger-surface);
    color: var(--_danger);
  }

  .badge.info {
    background: var(--_info-surface);
    color: var(--_info);
  }
`;
