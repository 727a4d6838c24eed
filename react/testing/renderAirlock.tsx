// Helpers for the React tests (happy-dom): a real store with no wallet epics, a root, DOM queries.
import { act, StrictMode, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeAll } from 'vitest'
import type { Action, ConnectorInfo } from '../../core/actions/types.js'
import type { CaipAddress } from '../../core/chains/types.js'
import { createAirlock, type Airlock, type CreateAirlockParameters } from '../../core/createAirlock.js'
import { createStorage } from '../../storage/createStorage.js'
import { AirlockProvider } from '../AirlockProvider.js'
import { HOST_TAG } from '../modal/BodyHost.js'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// Everything a test mounted or started, torn down after it: a root left mounted
// keeps React's scheduler running past the end of the file, and once happy-dom
// is torn down its next task throws "window is not defined" (an unhandled
// error that fails the run). Registered here so no test file can forget it.
//
// The start-up epics, late reducers and the modal are dynamic imports that a store starts after its
// first paint. A test that ends first leaves the import in flight, and when it resolves after the
// file's environment is gone vitest reports an unhandled EnvironmentTeardownError (failed CI once).
// Loading them before the first test makes every later import() a cache hit. The same goes for the
// lazy panels a view shows at once (the Account view's first tab): a test that opens Account and
// ends left TokensTab loading, and its late "suspended resource finished loading" warning broke the
// worker's teardown (EnvironmentTeardownError, CI of stop 33).
beforeAll(
  () =>
    Promise.all([
      import('../../core/startupEffects.js'),
      import('../../core/lateSlices.js'),
      import('../modal/Modal.js'),
      import('../modal/tabs/TokensTab.js'),
      import('../modal/tabs/NftsTab.js'),
      import('../modal/tabs/ActivityTab.js'),
      import('../modal/parts/AccountEmbeddedInfo.js'),
    ]),
  60_000,
)
const mounted = new Set<Root>()
const started = new Set<Airlock>()
afterEach(async () => {
  // A view a test opened last may still be resolving a lazy part (cached by the beforeAll below):
  // let it land inside act, before the unmount, so React has nothing left to report afterwards.
  if (mounted.size > 0) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
  act(() => mounted.forEach((root) => root.unmount()))
  mounted.clear()
  started.forEach((airlock) => airlock.destroy())
  started.clear()
})

export const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
export const CAIP_ADDRESS = `eip155:1:${ADDRESS}` as CaipAddress
export const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='

/** A real Airlock with memory storage, no adapters (no wallet epics) and no network. */
export function testAirlock(parameters: CreateAirlockParameters = {}): Airlock & { actions: Action[] } {
  let n = 0
  const airlock = createAirlock({
    adapters: [],
    ...parameters,
    deps: {
      storage: createStorage({ backend: 'memory' }),
      id: () => `id${++n}`,
      fetch: () => Promise.reject(new Error('offline in tests')),
      ...parameters.deps,
    },
  })
  started.add(airlock)
  const actions: Action[] = []
  airlock.action$.subscribe((action) => actions.push(action))
  return Object.assign(airlock, { actions })
}

export function wallet(overrides: Partial<ConnectorInfo> = {}): ConnectorInfo {
  return { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'io.metamask', icon: ICON, installed: true, ...overrides }
}

export function announce(airlock: Airlock, ...connectors: ConnectorInfo[]): void {
  act(() => connectors.forEach((connector) => airlock.dispatch({ type: 'connectors/announced', connector })))
}

export function connect(airlock: Airlock, caipAddress: CaipAddress = CAIP_ADDRESS, connectorId = 'io.metamask'): void {
  act(() => airlock.dispatch({ type: 'connection/accountConnected', namespace: 'eip155', caipAddress, connectorId }))
}

/** Dispatches inside act, so React has rendered the result when it returns. */
export function dispatch(airlock: Airlock, ...actions: Action[]): void {
  act(() => actions.forEach((action) => airlock.dispatch(action)))
}

export function count(airlock: { actions: Action[] }, type: Action['type']): number {
  return airlock.actions.filter((action) => action.type === type).length
}

/** Renders under the provider into a fresh container; `strict` wraps it in StrictMode. */
export function render(airlock: Airlock, ui: ReactNode, { strict = false }: { strict?: boolean } = {}) {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  mounted.add(root)
  const tree = <AirlockProvider airlock={airlock}>{ui}</AirlockProvider>
  act(() => root.render(strict ? <StrictMode>{tree}</StrictMode> : tree))
  return {
    container,
    rerender: (next: ReactNode) => act(() => root.render(<AirlockProvider airlock={airlock}>{next}</AirlockProvider>)),
    unmount: () => {
      mounted.delete(root)
      act(() => root.unmount())
      container.remove()
    },
  }
}

/** Every modal host appended to the body. */
export function hosts(): Element[] {
  return Array.from(document.body.querySelectorAll(HOST_TAG))
}

/** The open shadow root of the one body host. */
export function shadow(): ShadowRoot {
  const [host, ...rest] = hosts()
  if (!host?.shadowRoot || rest.length > 0) throw new Error(`expected one modal host with a shadow root, found ${hosts().length}`)
  return host.shadowRoot
}

/** Retries `check` (letting lazy chunks, effects and timers run) until it stops throwing. */
export async function waitFor<T>(check: () => T, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    }
  }
}

/** The first element matching `selector`; throws when there is none (so `waitFor` retries). */
export function $<E extends Element = HTMLElement>(root: ParentNode, selector: string): E {
  const found = root.querySelector<E>(selector)
  if (!found) throw new Error(`no element matches ${selector}`)
  return found
}

/**
 * The dialog on show, or null: closed, the modal keeps its dialog pre-rendered inside a hidden
 * `<Activity>` (React hides it with an inline `display: none`), so "in the DOM" is not "open".
 */
export function visibleDialog(root: ParentNode): HTMLElement | null {
  for (const dialog of Array.from(root.querySelectorAll<HTMLElement>('[role="dialog"]'))) {
    let hidden = false
    for (let node: HTMLElement | null = dialog; node && !hidden; node = node.parentElement) hidden = node.style.display === 'none'
    if (!hidden) return dialog
  }
  return null
}

/** The dialog on show; throws when there is none (so `waitFor` retries). */
export function $dialog(root: ParentNode): HTMLElement {
  const found = visibleDialog(root)
  if (!found) throw new Error('no dialog on show')
  return found
}

/** The element matching `selector` whose text content includes `text`. */
export function byText<E extends Element = HTMLElement>(root: ParentNode, selector: string, text: string): E {
  const found = Array.from(root.querySelectorAll<E>(selector)).find((element) => element.textContent?.includes(text))
  if (!found) throw new Error(`no ${selector} with text "${text}"`)
  return found
}

/** The element with this accessible label. */
export function byLabel<E extends Element = HTMLElement>(root: ParentNode, label: string): E {
  const found = root.querySelector<E>(`[aria-label="${label.replace(/"/g, '\\"')}"]`)
  if (!found) throw new Error(`no element labelled "${label}"`)
  return found
}

export function click(element: Element): void {
  act(() => (element as HTMLElement).click())
}

/** Opens the modal and waits for the view to render (the modal and views are lazy chunks). */
export async function openModal(airlock: Airlock, view?: Parameters<Airlock['open']>[0]): Promise<ShadowRoot> {
  act(() => airlock.open(view))
  return waitFor(() => {
    const root = shadow()
    if (!visibleDialog(root)?.querySelector('.view') || root.querySelector('[data-airlock="view-loading"]')) {
      throw new Error('modal not rendered yet')
    }
    return root
  })
}
