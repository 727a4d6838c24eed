import { useEffect, useLayoutEffect, type KeyboardEvent, type RefObject } from 'react'

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The focused element, looking inside the shadow root the dialog lives in. */
export function activeElementOf(node: Node): Element | null {
  const root = node.getRootNode() as Document | ShadowRoot
  return root.activeElement ?? null
}

/**
 * Modal focus rules: focus the dialog on open, give focus back to `opener` (what had focus when
 * it opened) on close, close on Escape. Returns the Tab handler that keeps focus inside. The
 * effects run on every open (the dialog is kept mounted, hidden, while closed); StrictMode-safe:
 * the cleanup restores, the re-run remembers the same opener again.
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, modal: boolean, onEscape: () => void, opener: Element | null): (event: KeyboardEvent) => void {
  useLayoutEffect(() => {
    if (modal) ref.current?.focus()
  }, [ref, modal])
  // Restored in a passive cleanup: React puts focus back to what it was around its own
  // DOM mutations, which would undo a restore made during the unmount commit.
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !modal) return
    const host = (dialog.getRootNode() as ShadowRoot).host
    const restore = opener instanceof HTMLElement && opener !== host && opener !== dialog.ownerDocument.body ? opener : null
    return () => {
      if (restore?.isConnected) restore.focus()
    }
  }, [ref, modal, opener])

  useEffect(() => {
    const doc = ref.current?.ownerDocument
    if (!doc || !modal) return
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      onEscape()
    }
    doc.addEventListener('keydown', onKeyDown)
    return () => doc.removeEventListener('keydown', onKeyDown)
  }, [ref, modal, onEscape])

  return (event) => {
    const dialog = ref.current
    if (!modal || event.key !== 'Tab' || !dialog) return
    const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE))
    const first = items[0]
    const last = items[items.length - 1]
    const active = activeElementOf(dialog)
    if (!first || !last) {
      event.preventDefault()
      return
    }
    if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault()
      first.focus()
    }
  }
}
