/**
 * Work on a large answer done in slices of a few milliseconds, giving the event loop back between
 * them, so one large answer does not hold up every other request the server is handling.
 */

/** How long a slice runs before it lets other requests run, in milliseconds. */
const SLICE_MS = 8;

export interface Slices {
  /** Gives the event loop a turn when the current slice has run its time, else nothing. */
  pause(): Promise<void> | undefined;
}

export function slices(): Slices {
  let sliceStart = performance.now();
  return {
    pause() {
      if (performance.now() - sliceStart < SLICE_MS) return undefined;
      return nextTurn().then(() => {
        sliceStart = performance.now();
      });
    },
  };
}

/** Resolves on a later turn of the event loop, after pending I/O callbacks have run. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}
