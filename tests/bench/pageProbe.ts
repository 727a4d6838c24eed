/** What the probe needs to know about the page it runs in. */
export interface ProbeConfig {
  readonly wallet: { uuid: string; name: string; icon: string; rdns: string }
  /** Visible text of the connect button. */
  readonly button: string
  /** CSS selector of the open modal, tried in the document and in every shadow root. */
  readonly modal: string
}

/** Times on the page's own clock (`performance.now()`, 0 = navigation start); null: never seen. */
export interface ClickTimes {
  readonly click: number | null
  readonly modal: number | null
  readonly list: number | null
}

export interface BenchProbe {
  /** Resolves when the connect button first is visible. */
  readonly button: Promise<number | null>
  /** The button's centre, for the mouse. */
  center(): { x: number; y: number } | null
  /** Starts watching for the click, the modal and the wallet list; call before the click. */
  arm(timeoutMs: number): void
  /** What the armed watch saw (resolves once both showed up, or at its timeout). */
  clicked: Promise<ClickTimes> | null
  /** Starts watching for the next pointerdown and, after it, an element matching `selector` (shown or not); call before the press. */
  armPress(selector: string, timeoutMs: number): void
  /** What the press watch saw: the pointerdown and the element's first appearance (null: never). */
  pressed: Promise<{ press: number | null; found: number | null }> | null
}

declare global {
  interface Window {
    __bench?: BenchProbe
  }
}

/**
 * Runs in the page before any of its scripts (`addInitScript`), so it must be self-contained.
 * It announces one EIP-6963 wallet, records every shadow root (closed ones too) as it is
 * attached, and watches for elements becoming visible: checked after every DOM mutation batch
 * (a MutationObserver on the document and on each shadow root, before the frame is painted) and
 * on every animation frame (for CSS-only changes). "Visible" is Playwright's notion: rendered,
 * not `visibility: hidden`, non-empty box (a modal fading in from opacity 0 counts at once).
 */
export function installProbe(config: ProbeConfig): void {
  const roots: ShadowRoot[] = []
  const checks = new Set<() => void>()
  const runChecks = (): void => {
    for (const check of [...checks]) check()
  }
  const observer = new MutationObserver(runChecks)
  const observe = (node: Node): void => observer.observe(node, { subtree: true, childList: true, attributes: true, characterData: true })
  observe(document)
  const attachShadow = Element.prototype.attachShadow
  Element.prototype.attachShadow = function patchedAttachShadow(this: Element, init: ShadowRootInit): ShadowRoot {
    const root = attachShadow.call(this, init)
    roots.push(root)
    observe(root)
    return root
  }
  let framing = false
  const frame = (): void => {
    if (checks.size === 0) {
      framing = false
      return
    }
    runChecks()
    requestAnimationFrame(frame)
  }

  const visible = (el: Element): boolean => {
    if (!el.isConnected || !el.checkVisibility({ visibilityProperty: true })) return false
    const box = el.getBoundingClientRect()
    return box.width > 0 && box.height > 0
  }
  const scopes = (): (Document | ShadowRoot)[] => [document, ...roots.filter((root) => root.host.isConnected)]
  /** The element holding `text` as its own text (text nodes only: cheap even on big pages). */
  const byText = (text: string): Element | null => {
    for (const scope of scopes()) {
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement
        if (parent && node.nodeValue?.trim() === text && visible(parent)) return parent
      }
    }
    return null
  }
  const bySelector = (selector: string): Element | null => {
    for (const scope of scopes()) for (const el of scope.querySelectorAll(selector)) if (visible(el)) return el
    return null
  }
  const watch = (find: () => Element | null, timeoutMs: number): Promise<number | null> =>
    new Promise((resolve) => {
      const check = (): void => {
        if (!find()) return
        settle(performance.now())
      }
      const settle = (at: number | null): void => {
        checks.delete(check)
        clearTimeout(timer)
        resolve(at)
      }
      const timer = setTimeout(() => settle(null), timeoutMs)
      checks.add(check)
      if (!framing) {
        framing = true
        requestAnimationFrame(frame)
      }
      if (document.readyState !== 'loading' || document.body) check()
    })

  const provider = {
    request: async ({ method }: { method: string }): Promise<unknown> => {
      if (method === 'eth_accounts') return []
      if (method === 'eth_chainId') return '0x1'
      if (method === 'net_version') return '1'
      throw Object.assign(new Error('The bench wallet does not do that'), { code: 4200 })
    },
    on: (): void => {},
    removeListener: (): void => {},
  }
  const detail = Object.freeze({ info: Object.freeze({ ...config.wallet }), provider })
  const announce = (): boolean => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()

  window.__bench = {
    button: watch(() => byText(config.button), 30_000),
    center() {
      const el = byText(config.button)
      if (!el) return null
      const box = el.getBoundingClientRect()
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 }
    },
    clicked: null,
    arm(timeoutMs) {
      let click: number | null = null
      window.addEventListener('click', (event) => (click ??= event.timeStamp), { capture: true, once: true })
      const modal = watch(() => bySelector(config.modal), timeoutMs)
      const list = watch(() => byText(config.wallet.name), timeoutMs)
      this.clicked = Promise.all([modal, list]).then(([modalAt, listAt]) => ({ click, modal: modalAt, list: listAt }))
    },
    pressed: null,
    armPress(selector, timeoutMs) {
      let press: number | null = null
      window.addEventListener('pointerdown', (event) => (press ??= event.timeStamp), { capture: true, once: true })
      const found = (): Element | null => {
        if (press === null) return null
        for (const scope of scopes()) {
          const el = scope.querySelector(selector)
          if (el) return el
        }
        return null
      }
      this.pressed = watch(found, timeoutMs).then((at) => ({ press, found: at }))
    },
  }
}
