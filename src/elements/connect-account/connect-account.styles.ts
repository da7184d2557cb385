import { css } from 'lit';

export const connectAccountStyles = css`
  /* A button and a status, sized by their content like any control, so a top bar can place it. */
  :host {
    container-type: normal;
    flex: initial;
  }

  .connect {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space) calc(var(--_space) * 1.5);
  }

  .status {
    display: inline-flex;
    align-items: center;
    gap: var(--_space);
    margin: 0;
  }

  /* Kept in the accessibility tree while empty, so what it says next is announced. */
  .status:empty {
    position: absolute;
  }

  .status.waiting {
    color: var(--_muted);
  }

  .connected-mark {
    display: inline-flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
    padding: 0.2em 0.75em;
    border-radius: 999px;
    background: var(--_success-surface);
    color: var(--_success);
    font-weight: 600;
  }

  .connected-mark::before {
    content: '';
    width: 0.55em;
    height: 0.55em;
    border-radius: 50%;
    background: currentColor;
  }

  .problem {
    display: grid;
    flex-basis: 100%;
    gap: var(--_space);
  }

  .blocked {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space) calc(var(--_space) * 1.5);
    margin: 0;
  }

  .sign-in-link {
    color: var(--_primary);
    font-weight: 600;
  }

  .sign-in-link:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
`;
