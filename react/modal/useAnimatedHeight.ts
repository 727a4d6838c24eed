import { useCallback, useRef, useState } from 'react'
import { flushSync } from 'react-dom'

/**
 * Follows the height of the current view so the card can animate to it (SPEC 2:
 * modal height 150 ms, timed in CSS). Without ResizeObserver the height stays auto.
 *
 * The new height is committed inside the ResizeObserver callback (`flushSync`), in the frame
 * whose layout changed: as a normal update it landed a frame later, so the centred card stood
 * still for one frame with its new content before moving, and a click aimed in that frame (a
 * test's "stable" check, or a quick person) pressed one row and released on another as the card
 * slid (seen in Chromium on a loaded machine: mousedown on a wallet row, mouseup 28 px off it).
 */
export function useAnimatedHeight(): [ref: (element: HTMLElement | null) => void, height: number | undefined] {
  const [height, setHeight] = useState<number | undefined>(undefined)
  const observer = useRef<ResizeObserver | null>(null)
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect()
    observer.current = null
    if (!element || typeof ResizeObserver === 'undefined') return
    observer.current = new ResizeObserver(() => flushSync(() => setHeight(element.offsetHeight || undefined)))
    observer.current.observe(element)
  }, [])
  return [ref, height]
}
