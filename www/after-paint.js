// Work that need not be in the frame being drawn: it waits until that frame is painted, so
// it neither lengthens the task that changes the page nor forces a layout in the middle of
// it (history.replaceState, for one, lays the page out first when a change is pending).

/** How long work waits at most when no frame comes (a hidden tab draws none), in ms. */
const NO_FRAME_MS = 200;

/**
 * Runs `work` once, in a task of its own after the next frame has been painted, or after
 * NO_FRAME_MS when no frame comes first; where nothing draws frames (Node, in the unit
 * tests), in the next task.
 */
export function afterPaint(work) {
  let isDone = false;
  const once = () => {
    if (!isDone) {
      isDone = true;
      clearTimeout(fallback);
      work();
    }
  };
  const fallback = setTimeout(once, NO_FRAME_MS);
  if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => setTimeout(once));
  } else {
    setTimeout(once);
  }
}

/** How long afterPaintWhenFree waits at most for a worker to be free, in ms. */
const MAX_BUSY_MS = 2000;

/**
 * Runs `work` after the first painted frame at which `client` (a WorkerClient) has no request
 * out, or after the first once MAX_BUSY_MS have passed (a trace that plays keeps one out).
 */
export function afterPaintWhenFree(client, work) {
  const since = performance.now();
  const check = () => {
    if (client.hasPending && performance.now() - since < MAX_BUSY_MS) {
      afterPaint(check);
    } else {
      work();
    }
  };
  afterPaint(check);
}
