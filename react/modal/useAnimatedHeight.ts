import { useCallback, useRef, useState } from 'react'

/**
 * Follows the height of the current view so the card can animate to it (SPEC 2:
 * modal height 150 ms, timed in CSS). Without ResizeObserver the height stays auto.
 */
export function useAnimatedHeight(): [ref: (element: HTMLElement | null) => void, height: number | undefined] {
  const [height, setHeight] = useState<number | undefined>(undefined)
  const observer = useRef<ResizeObserver | null>(null)
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect()
    observer.current = null
    if (!element || typeof ResizeObserver === 'undefined') return
    observer.current = new ResizeObserver(() => setHeight(element.offsetHeight || undefined))
    observer.current.observe(element)
  }, [])
  return [ref, height]
}
