import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { Action } from '../core/actions/types.js'
import { createAirlock } from '../core/createAirlock.js'
import { createStorage } from '../storage/createStorage.js'
import { AirlockProvider } from './AirlockProvider.js'
import { ConnectButton } from './components/ConnectButton.js'
import { NetworkButton } from './components/NetworkButton.js'
import { AirlockModal } from './modal/AirlockModal.js'

// The start-up chunks createAirlock loads after its first paint, loaded first: a cold load that
// outlived this short file ended in unhandled "environment torn down" errors in CI.
beforeAll(() => Promise.all([import('../core/startupEffects.js'), import('../core/lateSlices.js')]), 60_000)

const server = () => createAirlock({ adapters: [], deps: { window: undefined, storage: createStorage({ backend: 'memory' }) } })

const page = (airlock: ReturnType<typeof server>) =>
  renderToString(
    <AirlockProvider airlock={airlock}>
      <NetworkButton />
      <ConnectButton />
      <AirlockModal />
    </AirlockProvider>,
  )

const trapped = ['window', 'document', 'navigator', 'localStorage'] as const
const saved = new Map<string, PropertyDescriptor | undefined>()

/** Any read of a browser global throws, so a render that touches one fails. */
function trapBrowserGlobals(): void {
  for (const name of trapped) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name))
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        throw new Error(`${name} read during server rendering`)
      },
    })
  }
}

function restoreBrowserGlobals(): void {
  for (const name of trapped) {
    const descriptor = saved.get(name)
    if (descriptor) Object.defineProperty(globalThis, name, descriptor)
    else delete (globalThis as Record<string, unknown>)[name]
  }
  saved.clear()
}

afterEach(restoreBrowserGlobals)

describe('server rendering', () => {
  test('default: provider + buttons render without touching window or document', () => {
    const airlock = server()
    trapBrowserGlobals()
    const html = page(airlock)
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('Ethereum')
    // The modal host is added after mount, never on the server.
    expect(html).not.toContain('airlock-modal')
    expect(html).not.toContain('role="dialog"')
  })

  test('behavior: the markup is the initial-state render, whatever the store holds by then', () => {
    const airlock = server()
    const actions: Action[] = [
      { type: 'connectors/announced', connector: { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', namespace: 'eip155', installed: true } },
      { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: 'eip155:1:0x71C7656EC7ab88b098defB751B7401B5f6d8976F', connectorId: 'io.metamask' },
      { type: 'modal/openRequested' },
    ]
    actions.forEach((action) => airlock.dispatch(action))
    expect(airlock.getState().modal.open).toBe(true)
    trapBrowserGlobals()
    expect(page(airlock)).toBe(page(server()))
  })

  test('parameters: disableAppend and enableEmbedded render no modal markup on the server', () => {
    for (const option of [{ disableAppend: true }, { enableEmbedded: true }]) {
      const airlock = createAirlock({ ...option, adapters: [], deps: { window: undefined, storage: createStorage({ backend: 'memory' }) } })
      trapBrowserGlobals()
      const html = page(airlock)
      restoreBrowserGlobals()
      expect(html).toContain('data-airlock="modal-host"')
      expect(html).not.toContain('role="dialog"')
    }
  })
})
