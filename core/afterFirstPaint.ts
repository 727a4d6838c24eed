import type { WindowLike } from './deps.js'

/** Longest wait for the first frame: a page opened in a background tab gets no animation frames. */
const FIRST_PAINT_WAIT_CAP_MS = 100

/**
 * A promise that settles once the page has painted its first frame after Airlock started, so the
 * start-up effects (storage, remote config, wallet epics) are fetched and evaluated after the
 * host's first render instead of competing with it (issue #7: the connect button must show within
 * 30 ms of a page without Airlock). Memoized; settles at once without a window or animation
 * frames (servers, tests), and after at most 100 ms otherwise. This decides when code loads, not
 * a product timing rule, so it uses the page's own timers rather than the store's scheduler.
 * @example const painted = afterFirstPaint(window); await painted()
 */
export function afterFirstPaint(win: WindowLike | undefined): () => Promise<void> {
  let painted: Promise<void> | undefined
  return () =>
    (painted ??= new Promise<void>((resolve) => {
      const raf = win?.requestAnimationFrame
      const setTimer = win?.setTimeout
      if (typeof raf !== 'function' || typeof setTimer !== 'function') return resolve()
      setTimer.call(win, resolve, FIRST_PAINT_WAIT_CAP_MS)
      // A frame callback runs just before that frame paints; a task queued from it runs after.
      raf.call(win, () => setTimer.call(win, resolve, 0))
    }))
}
