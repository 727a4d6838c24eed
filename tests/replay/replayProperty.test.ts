import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { replay, VIEWS, type Action } from '../../core/index.js'
import { deterministicAirlock } from './session.js'

const address = 'eip155:1:0x71C7656EC7ab88b098defB751B7401B5f6d8976F' as const
const namespace = fc.constantFrom('eip155' as const, 'solana' as const)

/** Actions a person, a wallet or the app may cause, in any order. */
const anyAction: fc.Arbitrary<Action> = fc.oneof(
  fc.constant<Action>({ type: 'modal/openRequested' }),
  fc.constantFrom(...VIEWS).map((view): Action => ({ type: 'modal/openRequested', view })),
  fc.constant<Action>({ type: 'modal/closeRequested' }),
  fc.constant<Action>({ type: 'modal/shakeRequested' }),
  fc.boolean().map((loading): Action => ({ type: 'modal/loadingChanged', loading })),
  fc.constantFrom(...VIEWS).map((view): Action => ({ type: 'router/pushRequested', view })),
  fc.constant<Action>({ type: 'router/backRequested' }),
  fc.constantFrom(...VIEWS).map((view): Action => ({ type: 'router/resetRequested', view })),
  fc
    .record({ id: fc.string({ minLength: 1, maxLength: 4 }), variant: fc.constantFrom('loading' as const, 'success' as const, 'error' as const, 'info' as const), message: fc.string() })
    .map((notification): Action => ({ type: 'notifications/showRequested', notification })),
  fc.constant<Action>({ type: 'notifications/dismissRequested' }),
  namespace.map((ns): Action => ({ type: 'connection/connectRequested', namespace: ns, connectorId: 'w' })),
  fc.constant<Action>({ type: 'connection/accountConnected', namespace: 'eip155', caipAddress: address, connectorId: 'w', wallet: { id: 'w', name: 'W' } }),
  namespace.map((ns): Action => ({ type: 'connection/connectFailed', namespace: ns, connectorId: 'w', error: { message: 'User rejected the request.', code: 4001 } })),
  namespace.map((ns): Action => ({ type: 'connection/disconnected', namespace: ns })),
  fc.constantFrom('eip155:1', 'eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp').map((id): Action => ({ type: 'network/activeChanged', caipNetworkId: id as `eip155:${string}` })),
  // Secrets must not break replay: they are redacted in the log and never kept in state.
  fc.string().map((otp): Action => ({ type: 'telemetry/errorCaptured', errorType: 'x', error: { message: `otp ${otp}` } })),
)

const step = fc.record({ action: anyAction, wait: fc.integer({ min: 0, max: 3_000 }) })

describe('replay', () => {
  test('behavior: replay(log.export()) deep-equals getState() at every moment', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), fc.constantFrom(1000, 7, 1), async (steps, logSize) => {
        const { airlock, scheduler } = deterministicAirlock(logSize)
        await airlock.ready()
        expect(replay(airlock.log.export())).toEqual(airlock.getState())
        for (const { action, wait } of steps) {
          airlock.dispatch(action)
          expect(replay(airlock.log.export())).toEqual(airlock.getState())
          // Epics' timers (shake, toast swap and expiry) fire in virtual time.
          scheduler.maxFrames = scheduler.now() + wait
          scheduler.flush()
          expect(replay(airlock.log.export())).toEqual(airlock.getState())
        }
        expect(airlock.log.size).toBeLessThanOrEqual(logSize)
        airlock.destroy()
      }),
      { numRuns: 60 },
    )
  })
})
