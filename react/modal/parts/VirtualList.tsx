import { createContext, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type UIEvent } from 'react'

/** Every row has this height (a 56 px row plus the 8 px gap), so positions need no measuring. */
export const ROW_HEIGHT = 64
/** The list's visible height; the same as `.list`'s max-height. */
export const VIEWPORT_HEIGHT = 360
/** Rows rendered above and below the visible ones, so fast scrolling shows no gaps. */
export const OVERSCAN = 6
/** The list counts as scrolling until this long after the last scroll event. */
export const SCROLL_IDLE_MS = 100

/**
 * True while the list is being scrolled: rows mounted meanwhile wait with their images (each one
 * is a request and a decode), so a fast flick through thousands of rows stays smooth.
 */
export const ListScrollingContext = createContext(false)

export interface VirtualListProps<T> {
  items: readonly T[]
  label: string
  keyOf: (item: T) => string
  /** `tabIndex` is 0 for the one row Tab reaches (roving focus) and -1 for the others. */
  renderRow: (item: T, tabIndex: number) => ReactNode
  /** The last row index rendered, after every scroll: the caller loads more near the end. */
  onEndReached?: (lastIndex: number) => void
}

/** Which rows to render for a scroll position: the visible ones plus the overscan, clamped. */
export function visibleRange(scrollTop: number, viewport: number, count: number, overscan = OVERSCAN): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - overscan)
  const last = Math.min(count - 1, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + overscan)
  return { first, last }
}

/**
 * A list that renders only the rows in view (fixed row height), so 5,000 wallets cost as much as
 * 20. Keyboard: Tab reaches the current row, arrows/Home/End/PageUp/PageDown move between rows
 * and scroll them into view; screen readers get the full size through aria-setsize/posinset.
 * @example <VirtualList items={wallets} label="All wallets" keyOf={(w) => w.id} renderRow={(w, t) => <Row wallet={w} tabIndex={t} />} />
 */
export function VirtualList<T>({ items, label, keyOf, renderRow, onEndReached }: VirtualListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [active, setActive] = useState(0)
  const focusPending = useRef(false)
  const [scrolling, setScrolling] = useState(false)
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(idleTimer.current), [])
  const onScroll = (event: UIEvent<HTMLDivElement>): void => {
    setScrollTop(event.currentTarget.scrollTop)
    setScrolling(true)
    clearTimeout(idleTimer.current)
    idleTimer.current = setTimeout(() => setScrolling(false), SCROLL_IDLE_MS)
  }
  const viewport = Math.min(VIEWPORT_HEIGHT, items.length * ROW_HEIGHT)
  const { first, last } = visibleRange(scrollTop, VIEWPORT_HEIGHT, items.length)
  // The row Tab reaches: the last one used, or the first visible one once that scrolled away.
  const used = Math.min(active, Math.max(0, items.length - 1))
  const current = used >= first && used <= last ? used : Math.min(Math.max(0, items.length - 1), Math.ceil(scrollTop / ROW_HEIGHT))

  useEffect(() => {
    if (items.length > 0) onEndReached?.(last)
  }, [last, items.length, onEndReached])

  // After a keyboard move the row exists (it was scrolled into the rendered range): focus it.
  useLayoutEffect(() => {
    if (!focusPending.current) return
    focusPending.current = false
    scroller.current?.querySelector<HTMLElement>(`[data-index="${current}"] button`)?.focus({ preventScroll: true })
  })

  const move = (to: number): void => {
    const target = Math.max(0, Math.min(items.length - 1, to))
    const top = target * ROW_HEIGHT
    const next = top < scrollTop ? top : top + ROW_HEIGHT > scrollTop + viewport ? top + ROW_HEIGHT - viewport : scrollTop
    // Render from the position we asked for, not the one read back: the scroll event follows.
    if (scroller.current) scroller.current.scrollTop = next
    setScrollTop(next)
    focusPending.current = true
    setActive(target)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const page = Math.max(1, Math.floor(viewport / ROW_HEIGHT))
    const steps: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, PageDown: current + page, PageUp: current - page, Home: 0, End: items.length - 1 }
    const to = steps[event.key]
    if (to === undefined) return
    event.preventDefault()
    move(to)
  }

  const rows: ReactNode[] = []
  for (let index = first; index <= last; index++) {
    const item = items[index]!
    rows.push(
      <li key={keyOf(item)} data-index={index} aria-setsize={items.length} aria-posinset={index + 1} style={{ position: 'absolute', top: index * ROW_HEIGHT, left: 0, right: 0, height: ROW_HEIGHT }} onFocus={() => index !== current && setActive(index)}>
        {renderRow(item, index === current ? 0 : -1)}
      </li>,
    )
  }

  return (
    // Its own layer with strict containment: scrolling repaints only the list, not the modal.
    <div ref={scroller} data-airlock="virtual-list" style={{ height: viewport, overflowY: 'auto', position: 'relative', overscrollBehavior: 'contain', contain: 'strict', willChange: 'transform' }} onScroll={onScroll} onKeyDown={onKeyDown}>
      <ul aria-label={label} style={{ position: 'relative', height: items.length * ROW_HEIGHT, margin: 0, padding: 0, listStyle: 'none' }}>
        <ListScrollingContext.Provider value={scrolling}>{rows}</ListScrollingContext.Provider>
      </ul>
    </div>
  )
}
