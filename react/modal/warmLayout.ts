import { whenIdle } from '../whenIdle.js'
/** Warm-ups per closed spell at most: a page whose state keeps changing is not laid out again and again. */
const MAX_WARMUPS = 3
/** Elements whose copy would load or run something when connected; layout can do without them. */
const LIVE = 'iframe, frame, object, embed, video, audio, script'

/**
 * Keeps the browser ready to draw the closed dialog. React's `<Activity>` renders it ahead but
 * in `display: none`, which has no style and no layout, so the first open paid for all of it,
 * including the first use of the modal's fonts and weights (font matching, fallback fonts, text
 * shaping): about 4 ms of the ~11 ms click (issue 12). Until stopped, whenever the hidden dialog
 * changes, once the page is idle, this lays out a copy of it and removes it again in the same
 * task, so the caches that work fills are warm when the real one is revealed. Returns the stop.
 * @example useEffect(() => (open ? undefined : warmHiddenDialog(root.current!)), [open])
 */
export function warmHiddenDialog(root: HTMLElement): () => void {
  if (typeof MutationObserver === 'undefined') return () => {}
  let left = MAX_WARMUPS
  let cancel: (() => void) | undefined
  const warm = () => {
    cancel = undefined
    const hidden = hiddenChild(root)
    if (!hidden) return
    left -= 1
    layOutCopy(hidden)
    // Our own insertion and removal are no change to the dialog.
    observer.takeRecords()
    if (left === 0) observer.disconnect()
  }
  const changed = () => {
    if (!cancel && hiddenChild(root)) cancel = whenIdle(warm)
  }
  const observer = new MutationObserver(changed)
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
  changed()
  return () => {
    observer.disconnect()
    cancel?.()
  }
}

/** The element `<Activity mode="hidden">` hides (its inline `display: none`), if any. */
function hiddenChild(root: HTMLElement): HTMLElement | undefined {
  for (const child of root.children) if (child instanceof HTMLElement && child.style.display === 'none') return child
  return undefined
}

/**
 * Connects a copy of `hidden`, shown, beside it (same stylesheet, same theme), forces style and
 * layout, and removes it. No frame is drawn and no event is dispatched within one task, so nobody
 * sees it (a MutationObserver sees a node added and removed); out of the flow, it moves nothing.
 */
function layOutCopy(hidden: HTMLElement): void {
  const copy = hidden.cloneNode(true) as HTMLElement
  for (const live of copy.querySelectorAll(LIVE)) live.remove()
  copy.style.removeProperty('display')
  if (getComputedStyle(hidden).position !== 'fixed') copy.style.position = 'absolute'
  hidden.after(copy)
  try {
    void copy.getBoundingClientRect()
  } finally {
    copy.remove()
  }
}
