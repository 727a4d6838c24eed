import { afterEach, describe, expect, test, vi } from 'vitest'
import type { AnyAction } from './store/types.js'

// Issue 12: a dispatch reaches only the epics that asked for its type (`ofType`), so its cost does
// not grow with the features an app turns on. This test watches every subscription the store's
// router hands out while a fully featured Airlock starts, opens its modal and loads every lazy
// epic, and counts those left listening to every action.

/** The subscriptions to every action (types null) still attached. */
const catchAll = new Set<object>()

vi.mock('./store/actionRouter.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./store/actionRouter.js')>()
  return {
    ...original,
    createActionRouter: <A extends AnyAction>() => {
      const router = original.createActionRouter<A>()
      const attach: import('./store/actionRouter.js').Attach<A> = (types, subscriber, rank) => {
        const attached = router.actions.connect(types, subscriber, rank)
        if (types !== null) return attached
        const handle = {}
        catchAll.add(handle)
        return {
          rank: attached.rank,
          detach: () => {
            catchAll.delete(handle)
            attached.detach()
          },
        }
      }
      return { emit: router.emit, complete: router.complete, actions: new original.RoutedActions<A>(attach) }
    },
  }
})

const { createAirlock } = await import('./createAirlock.js')
const { bitcoin, mainnet, solana } = await import('./chains/networks.js')
const { createStorage } = await import('../storage/createStorage.js')
const { createDefaultSiwx } = await import('./siwx/createDefaultSiwx.js')
const { createLocalSessionStore } = await import('./siwx/createLocalSessionStore.js')

const running: { destroy(): void }[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

describe('epic routing', () => {
  test('behavior: with every feature on and every lazy epic loaded, only the analytics events, the login-left check and the sign-in check hear every action', async () => {
    const page = { location: { origin: 'https://shop.example', href: 'https://shop.example/', pathname: '/' }, navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' } }
    const airlock = createAirlock({
      projectId: 'routing',
      networks: [mainnet, solana, bitcoin],
      features: { email: true, socials: ['google'], analytics: true },
      siwx: createDefaultSiwx({ storage: createLocalSessionStore({ localStorage: null }) }),
      deps: { window: page as never, storage: createStorage({ backend: 'memory' }), fetch: () => Promise.reject(new Error('offline')) },
    })
    running.push(airlock)
    await airlock.ready()
    // The registry epics start at the first open or a headless wallet list (this one: an open would
    // also make a WalletConnect pairing ahead, 300 ms later, with the relay out of reach here).
    airlock.dispatch({ type: 'registry/loadRequested' })
    // Each lazy epic hears every action only until its code is in: then it asks for its types.
    // Three need them all: telemetry maps any action to an event (with the state before it),
    // loginLeft watches the view and the modal, siwxCheck the signed-in account (after any action).
    await vi.waitFor(() => expect(catchAll.size).toBe(3), { timeout: 5_000, interval: 20 })
    // And the count stays: nothing loads later that listens to everything.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(catchAll.size).toBe(3)
  })
})
