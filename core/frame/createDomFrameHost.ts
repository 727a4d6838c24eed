import { FRAME_Z_INDEX } from '../constants/limits.js'
import { type FrameHost, IFRAME_NOT_SET, PARENT_NOT_SET } from './FrameHost.js'

/** The window parts the host needs; a real `window` fits. */
export interface FrameWindow {
  readonly document: Document
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export interface DomFrameHostOptions {
  /** Added to the frame URL so the frame knows which project and SDK it serves. */
  readonly projectId?: string
  readonly sdkVersion?: string
}

export const FRAME_ELEMENT_ID = 'airlock-secure-frame'

/**
 * The real frame host: one hidden, fixed, full-screen iframe on the secure site (SPEC 2), and
 * the one `message` listener that lets through only what our iframe's window sent from the
 * secure site's exact origin. Everything else (other origins, other windows, the page itself)
 * is dropped before any parsing. Posts always name that origin, never `'*'`.
 * @example const host = createDomFrameHost(window, 'https://secure.example'); host.load()
 */
export function createDomFrameHost(win: FrameWindow, secureSiteUrl: string, options: DomFrameHostOptions = {}): FrameHost {
  const url = new URL(secureSiteUrl)
  // `URL.origin` is the serialization `MessageEvent.origin` uses: scheme, host and port, no path.
  const origin = url.origin
  if (options.projectId) url.searchParams.set('projectId', options.projectId)
  if (options.sdkVersion) url.searchParams.set('sdkVersion', options.sdkVersion)
  const listeners = new Set<(data: unknown) => void>()
  const reloadListeners = new Set<() => void>()
  let iframe: HTMLIFrameElement | null = null
  // The `load` events our own `load()` calls cause; any other one is a document we did not ask for.
  let expectedLoads = 0

  const onMessage = (event: MessageEvent): void => {
    // `?.` narrows the type only: load() sets `iframe` as it attaches this listener, destroy() detaches it before clearing
    // `iframe` (and a null `iframe` would still drop the message: a non-null source never equals undefined).
    // Stryker disable next-line OptionalChaining: equivalent, `iframe` is never null while this listener is attached (see above)
    if (event.origin !== origin || event.source === null || event.source !== iframe?.contentWindow) return
    const data: unknown = event.data
    for (const listener of [...listeners]) {
      try {
        listener(data)
      } catch {
        // A listener's failure is its own; the page's message loop must never see it.
      }
    }
  }

  const onLoad = (): void => {
    if (expectedLoads > 0) {
      expectedLoads--
      return
    }
    for (const listener of [...reloadListeners]) {
      try {
        listener()
      } catch {
        // As for messages: never the page's event loop.
      }
    }
  }

  return {
    load() {
      // A second load is a retry after a failed one: reload the page, which sends READY again.
      // Only the latest navigation fires `load` (a replaced one never does): one event to expect.
      expectedLoads = 1
      if (iframe !== null) {
        iframe.src = url.href
        return
      }
      const body = win.document.body
      if (!body) throw new Error(PARENT_NOT_SET)
      const element = win.document.createElement('iframe')
      element.id = FRAME_ELEMENT_ID
      element.title = 'Secure login'
      element.src = url.href
      // Writing (copy an address) only: reading the page's clipboard is not the frame's business.
      element.setAttribute('allow', 'clipboard-write')
      Object.assign(element.style, {
        position: 'fixed',
        inset: '0',
        width: '100%',
        height: '100%',
        border: '0',
        zIndex: String(FRAME_Z_INDEX),
        display: 'none',
        colorScheme: 'normal',
      })
      element.setAttribute('aria-hidden', 'true')
      element.tabIndex = -1
      win.addEventListener('message', onMessage)
      element.addEventListener('load', onLoad)
      iframe = element
      body.appendChild(element)
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    listenReloads(listener) {
      reloadListeners.add(listener)
      return () => reloadListeners.delete(listener)
    },
    post(message) {
      const target = iframe?.contentWindow
      if (!target) throw new Error(IFRAME_NOT_SET)
      target.postMessage(message, origin)
    },
    setVisible(visible, placement = {}) {
      if (!iframe) throw new Error(IFRAME_NOT_SET)
      const { bounds, colorScheme } = placement
      // Over the approval slot when given (the person answers inside the modal's own space), else full screen.
      Object.assign(iframe.style, {
        top: bounds ? `${bounds.top}px` : '0',
        left: bounds ? `${bounds.left}px` : '0',
        // 'auto', or a right-to-left page would place it by `right`.
        right: bounds ? 'auto' : '0',
        bottom: bounds ? 'auto' : '0',
        width: bounds ? `${bounds.width}px` : '100%',
        height: bounds ? `${bounds.height}px` : '100%',
        colorScheme: colorScheme ?? 'normal',
      })
      iframe.style.display = visible ? 'block' : 'none'
      if (visible) iframe.removeAttribute('aria-hidden')
      else iframe.setAttribute('aria-hidden', 'true')
      iframe.tabIndex = visible ? 0 : -1
      if (visible && iframe.ownerDocument.activeElement !== iframe) iframe.focus()
    },
    destroy() {
      win.removeEventListener('message', onMessage)
      iframe?.removeEventListener('load', onLoad)
      listeners.clear()
      reloadListeners.clear()
      iframe?.remove()
      iframe = null
    },
  }
}
