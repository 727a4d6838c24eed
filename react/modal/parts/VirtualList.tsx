import { createContext, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type UIEvent } from 'react'

/** Every grid row has this height (a 96 px tile plus the 8 px gap), so positions need no measuring. */
export const ROW_HEIGHT = 104
/** The list's visible height: three rows and a part of the fourth, which says there is more. */
export const VIEWPORT_HEIGHT = 360
/** Rows rendered above and below the visible ones, so fast scrolling shows no gaps. */
export const OVERSCAN = 2
/** The list counts as scrolling until this long after the last scroll event. */
export const SCROLL_IDLE_MS = 100
/** Space between tiles, across and down. */
export const GAP = 8
/** A tile is at least this wide (its gap included): 4 columns in the 360 px card even beside a classic scrollbar, more when wider. */
export const TILE_MIN_WIDTH = 76
/** Columns while the width is unknown (no layout yet, or no ResizeObserver): the card's. */
export const DEFAULT_COLUMNS = 4

/**
 * True while the list is being scrolled: rows mounted meanwhile wait with their images (each one
 * is a request and a decode), so a fast flick through thousands of rows stays smooth.
 */
export const ListScrollingContext = createContext(false)

export interface VirtualListProps<T> {
  items: readonly T[]
  label: string
  keyOf: (item: T) => string
  /** `tabIndex` is 0 for the one item Tab reaches (roving focus) and -1 for the others. */
  renderRow: (item: T, tabIndex: number) => ReactNode
  /** The last item index rendered, after every scroll: the caller loads more near the end. */
  onEndReached?: (lastIndex: number) => void
}

/** Which grid rows to render for a scroll position: the visible ones plus the overscan, clamped. */
export function visibleRange(scrollTop: number, viewport: number, rowCount: number, overscan = OVERSCAN): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - overscan)
  const last = Math.min(rowCount - 1, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + overscan)
  return { first, last }
}

/** How many tiles fit a width (the gap is part of each tile's minimum). */
export const columnsFor = (width: number): number => (width > 0 ? Math.max(1, Math.floor((width + GAP) / TILE_MIN_WIDTH)) : DEFAULT_COLUMNS)

/**
 * A grid that renders only the rows in view (fixed row height, as many columns as fit), so 5,000
 * wallets cost as much as 20. Keyboard: Tab reaches the current item, the arrows move by one
 * (left, right) or by a row (up, down), Home/End/PageUp/PageDown jump, and the item scrolls into
 * view; screen readers get the full size through aria-setsize/posinset.
 * @example <VirtualList items={wallets} label="All wallets" keyOf={(w) => w.id} renderRow={(w, t) => <Tile wallet={w} tabIndex={t} />} />
 */
export function VirtualList<T>({ items, label, keyOf, renderRow, onEndReached }: VirtualListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [active, setActive] = useState(0)
  const [columns, setColumns] = useState(DEFAULT_COLUMNS)
  const focusPending = useRef(false)
  const [scrolling, setScrolling] = useState(false)
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(idleTimer.current), [])
  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    setColumns(columnsFor(element.clientWidth))
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setColumns(columnsFor(element.clientWidth)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const onScroll = (event: UIEvent<HTMLDivElement>): void => {
    setScrollTop(event.currentTarget.scrollTop)
    setScrolling(true)
    clearTimeout(idleTimer.current)
    idleTimer.current = setTimeout(() => setScrolling(false), SCROLL_IDLE_MS)
  }
  const rowCount = Math.ceil(items.length / columns)
  const viewport = Math.min(VIEWPORT_HEIGHT, rowCount * ROW_HEIGHT)
  const rows = visibleRange(scrollTop, VIEWPORT_HEIGHT, rowCount)
  const first = rows.first * columns
  const last = Math.min(items.length - 1, (rows.last + 1) * columns - 1)
  // The item Tab reaches: the last one used, or the first visible one once that scrolled away.
  const lastItem = Math.max(0, items.length - 1)
  const used = Math.min(active, lastItem)
  const current = used >= first && used <= last ? used : Math.min(lastItem, Math.ceil(scrollTop / ROW_HEIGHT) * columns)

  useEffect(() => {
    if (items.length > 0) onEndReached?.(last)
  }, [last, items.length, onEndReached])

  // After a keyboard move the item exists (it was scrolled into the rendered range): focus it.
  useLayoutEffect(() => {
    if (!focusPending.current) return
    focusPending.current = false
    scroller.current?.querySelector<HTMLElement>(`[data-index="${current}"] button`)?.focus({ preventScroll: true })
  })

  const move = (to: number): void => {
    const target = Math.max(0, Math.min(lastItem, to))
    const top = Math.floor(target / columns) * ROW_HEIGHT
    const next = top < scrollTop ? top : top + ROW_HEIGHT > scrollTop + viewport ? top + ROW_HEIGHT - viewport : scrollTop
    // Render from the position we asked for, not the one read back: the scroll event follows.
    if (scroller.current) scroller.current.scrollTop = next
    setScrollTop(next)
    focusPending.current = true
    setActive(target)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const page = Math.max(1, Math.floor(viewport / ROW_HEIGHT)) * columns
    const steps: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      ArrowDown: current + columns,
      ArrowUp: current - columns,
      PageDown: current + page,
      PageUp: current - page,
      Home: 0,
      End: items.length - 1,
    }
    const to = steps[event.key]
    if (to === undefined) return
    event.preventDefault()
    move(to)
  }

  const tiles: ReactNode[] = []
  for (let index = first; index <= last; index++) {
    const item = items[index]!
    const column = index % columns
    // Each tile's share of the width plus one gap, less its own gap: the edges line up with the search box.
    const share = `(100% + ${GAP}px) / ${columns}`
    const style = { position: 'absolute', top: Math.floor(index / columns) * ROW_HEIGHT, insetInlineStart: `calc(${share} * ${column})`, width: `calc(${share} - ${GAP}px)`, height: ROW_HEIGHT - GAP } as const
    tiles.push(
      <li key={keyOf(item)} data-index={index} aria-setsize={items.length} aria-posinset={index + 1} style={style} onFocus={() => index !== current && setActive(index)}>
        {renderRow(item, index === current ? 0 : -1)}
      </li>,
    )
  }

  return (
    // Its own layer with strict containment: scrolling repaints only the list, not the modal.
    <div ref={scroller} data-airlock="virtual-list" data-columns={columns} style={{ height: viewport, overflowY: 'auto', position: 'relative', overscrollBehavior: 'contain', contain: 'strict', willChange: 'transform' }} onScroll={onScroll} onKeyDown={onKeyDown}>
      <ul aria-label={label} className="grid" style={{ position: 'relative', height: rowCount * ROW_HEIGHT, margin: 0, padding: 0, listStyle: 'none' }}>
        <ListScrollingContext.Provider value={scrolling}>{tiles}</ListScrollingContext.Provider>
      </ul>
    </div>
  )
}
