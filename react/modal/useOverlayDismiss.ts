import { useCallback, useLayoutEffect, useRef, type MouseEvent } from 'react'

/**
 * Not in SPEC 9, our choice: the overlay ignores clicks this long after it shows. The click that
 * opened the modal may be the first of a double click or of two quick taps; the second lands on the
 * overlay that just appeared under the pointer and would close the modal at once (issue 21, 7a).
 */
export const OVERLAY_CLICK_GUARD_MS = 300

/**
 * The overlay's click handler: a click on the overlay itself (not inside the card) closes, except
 * what is left of the gesture that opened the modal: the second click of a double click
 * (`detail` > 1) or any click within OVERLAY_CLICK_GUARD_MS of the overlay showing.
 * @example const onClick = useOverlayDismiss(close); <div className="overlay" onClick={onClick}>…</div>
 */
export function useOverlayDismiss(close: () => void): (event: MouseEvent) => void {
  // Until the overlay shows, nothing counts (a hidden, pre-rendered overlay runs no effects).
  const shownAt = useRef(Number.POSITIVE_INFINITY)
  // A layout effect: it runs in the commit that shows the overlay, before the next input is handled.
  useLayoutEffect(() => {
    shownAt.current = performance.now()
    return () => void (shownAt.current = Number.POSITIVE_INFINITY)
  }, [])
  return useCallback(
    (event: MouseEvent) => {
      if (event.target !== event.currentTarget) return
      // `timeStamp` is when the input happened, on the same clock as performance.now().
      if (event.detail > 1 || event.timeStamp - shownAt.current < OVERLAY_CLICK_GUARD_MS) return
      close()
    },
    [close],
  )
}
