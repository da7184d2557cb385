import { css } from 'lit';

/**
 * A pager (`<nav class="pager">`): "Previous" and "Next" (`.button`) at the ends, the position
 * between them (`[aria-live]`), on one line. Where they do not fit (a phone, a side column), the
 * position takes a line of its own above the two buttons, one under the other, each the pager's
 * width. The position ("Items 1–25 of 1,000", "Page 1 of 13") never breaks inside.
 */
export const pagerStyles = css`
  .pager {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    text-align: center;
    gap: var(--_space);
  }

  .pager [aria-live] {
    white-space: nowrap;
  }

  @container (max-width: 30em) {
    .pager [aria-live] {
      order: -1;
      flex: 1 0 100%;
    }

    .pager .button {
      flex: 1 0 100%;
    }
  }
`;
