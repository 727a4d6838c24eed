import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, type Action, type Airlock } from '../../core/index.js'
import { createStorage } from '../../storage/createStorage.js'

/** A page as Airlock's deps see it. */
export const fakePage = (origin = 'http://localhost:5173') => ({
  location: { origin, href: `${origin}/`, pathname: '/' },
  navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' },
})

/** An Airlock on virtual time with memory storage and counting ids: fully deterministic. */
export function deterministicAirlock(logSize = 1000): { airlock: Airlock; scheduler: VirtualTimeScheduler } {
  const scheduler = new VirtualTimeScheduler(undefined, Number.POSITIVE_INFINITY)
  let next = 0
  const airlock = createAirlock({
    logSize,
    features: { analytics: false },
    // The session scripts the wallet's facts itself; a live EVM adapter would answer them too.
    adapters: [],
    deps: { scheduler, window: fakePage() as never, storage: createStorage({ backend: 'memory' }), id: () => `id${++next}` },
  })
  return { airlock, scheduler }
}

const address = 'eip155:1:0x71C7656EC7ab88b098defB751B7401B5f6d8976F' as const

/** The scripted session behind the golden log: a person connecting a wallet after one rejection. */
export async function runBasicSession(): Promise<Airlock> {
  const { airlock, scheduler } = deterministicAirlock()
  await airlock.ready()
  const steps: Action[] = [
    { type: 'modal/openRequested' },
    { type: 'router/pushRequested', view: 'AllWallets' },
    { type: 'router/pushRequested', view: 'ConnectingExternal', data: { connectorId: 'io.metamask' } },
    { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'io.metamask' },
    { type: 'connection/connectFailed', namespace: 'eip155', connectorId: 'io.metamask', error: { message: 'User rejected the request.', code: 4001 } },
    { type: 'notifications/showRequested', notification: { id: 't1', variant: 'error', message: 'Connection declined' } },
    { type: 'modal/shakeRequested' },
    { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'io.metamask' },
    { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: address, connectorId: 'io.metamask', wallet: { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' } },
    { type: 'network/activeChanged', caipNetworkId: 'eip155:1' },
    { type: 'notifications/showRequested', notification: { id: 't2', variant: 'success', message: 'Connected' } },
    { type: 'router/resetRequested', view: 'Account' },
    { type: 'router/backRequested' },
    { type: 'modal/openRequested' },
    { type: 'connection/disconnected', namespace: 'eip155' },
    { type: 'modal/closeRequested' },
  ]
  for (const action of steps) {
    airlock.dispatch(action)
    // Let timers (shake, toast swap and expiry) run in virtual time between steps.
    scheduler.maxFrames = scheduler.now() + 200
    scheduler.flush()
  }
  scheduler.maxFrames = Number.POSITIVE_INFINITY
  scheduler.flush()
  return airlock
}
