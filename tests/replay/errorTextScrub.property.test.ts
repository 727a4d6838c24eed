import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { replay, type Action } from '../../core/index.js'
import { anyAddress } from '../support/addressArbitraries.js'
import { deterministicAirlock } from './session.js'

/**
 * Issue L-8: free-text error messages and stacks reach the event log (and a bug report) scrubbed
 * of account addresses, emails and tokens, like analytics error events. They are scrubbed before
 * the reducer, so the state agrees with the log and `replay(log.export())` is still exact.
 */
const caip = 'eip155:1:0x71C7656EC7ab88b098defB751B7401B5f6d8976F' as const

/** Every kind of action that carries error text, with `text` where the wallet or the frame put its words. */
const carriers: ((text: string) => Action)[] = [
  (text) => ({ type: 'connection/connectFailed', namespace: 'solana', connectorId: 'phantom', error: { message: text, code: 4001 } }),
  (text) => ({ type: 'wallet/requestFailed', id: 'r1', method: 'signMessage', error: { message: text } }),
  (text) => ({ type: 'telemetry/errorCaptured', errorType: 'TypeError', error: { message: 'failed', stack: `Error: ${text}\n    at f (https://dapp.example/app.js:1:2)` } }),
  (text) => ({ type: 'auth/loginFailed', error: { message: text } }),
  (text) => ({ type: 'siwx/signFailed', error: { message: 'Signature declined' }, cause: { message: text } }),
  (text) => ({ type: 'balance/fetchFailed', caipAddress: caip, error: { message: text }, at: 1 }),
  (text) => ({ type: 'network/switchFailed', caipNetworkId: 'bip122:000000000019d6689c085ae165831e93', error: { message: text } }),
  (text) => ({ type: 'notifications/showRequested', notification: { id: 't1', variant: 'error', message: 'Request failed', description: text } }),
]

const secretText = fc.record({
  address: anyAddress,
  email: fc.emailAddress(),
  token: fc.stringMatching(/^[A-Za-z0-9]{12,24}$/),
  head: fc.string({ maxLength: 20 }),
  tail: fc.string({ maxLength: 20 }),
})

describe('error text in the event log', () => {
  test('property: no EVM, Solana or Bitcoin address, email or token in an error message or stack survives export; replay stays exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(carriers.length - 1), secretText), { minLength: 1, maxLength: 6 }), async (steps) => {
        const { airlock } = deterministicAirlock()
        await airlock.ready()
        for (const [kind, { address, email, token, head, tail }] of steps) {
          airlock.dispatch(carriers[kind]!(`${head} no funds at ${address} for ${email} token=${token} ${tail}`))
        }
        const exported = airlock.log.export()
        const state = JSON.stringify(airlock.getState())
        for (const [, { address, email, token }] of steps) {
          for (const secret of [address, email, `token=${token}`]) {
            expect(exported).not.toContain(secret)
            expect(state).not.toContain(secret)
          }
        }
        expect(replay(exported)).toEqual(airlock.getState())
        airlock.destroy()
      }),
      { numRuns: 60 },
    )
  })

  test('default: the words around the secrets stay, and an action without error text is logged as dispatched', async () => {
    const { airlock } = deterministicAirlock()
    await airlock.ready()
    airlock.dispatch({ type: 'wallet/requestFailed', id: 'r1', method: 'signMessage', error: { message: 'No funds at 9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', code: -32000 } })
    const opened: Action = { type: 'modal/openRequested' }
    airlock.dispatch(opened)
    const [failed, open] = airlock.log.entries().slice(-2).map((e) => e.action)
    expect(failed).toEqual({ type: 'wallet/requestFailed', id: 'r1', method: 'signMessage', error: { message: 'No funds at [address]', code: -32000 } })
    expect(open).toEqual(opened)
    airlock.destroy()
  })
})
