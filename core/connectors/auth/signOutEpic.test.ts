import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { createProviderRegistry } from '../providerRegistry.js'
import { initialState, reduce, stateFollowing } from '../../../tests/support/state.js'
import { authSession } from './authSession.js'
import { signOutEpic } from './signOutEpic.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const CAIP = 'eip155:1:0x71C7656EC7ab88b098defB751B7401B5f6d8976F' as const
const requested: Action = { type: 'connection/disconnectRequested', namespace: 'eip155' }
const sent: Action = { type: 'frame/requestSent', id: 'id1', name: 'SIGN_OUT', message: { type: '@airlock-app/SIGN_OUT', id: 'id1' }, timeoutMs: 3000 }
const replied: Action = { type: 'frame/requestSucceeded', id: 'id1', name: 'SIGN_OUT' }
const disconnected: Action = { type: 'connection/disconnected', namespace: 'eip155', reason: 'user' }
const signedOut: Action = { type: 'auth/signedOut' }

function setup(scheduler: TestScheduler, connectorId = 'auth') {
  const writes: Record<string, unknown>[] = []
  const storage = { backend: 'memory', load: () => Promise.reject(new Error('unused')), save: () => Promise.resolve(), getItem: () => Promise.resolve(undefined), setItem: (name: string, value: unknown) => (writes.push({ [name]: value }), Promise.resolve()) }
  let n = 0
  const deps = { scheduler, storage, providers: createProviderRegistry(), id: () => `id${++n}` } as unknown as AirlockDeps
  authSession(deps.providers).email = 'ada@example.com'
  const state = reduce(initialState(), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId })
  return { deps, writes, state$: stateFollowing(state).state$ }
}

describe('signOutEpic', () => {
  test('default: the cache is wiped first, then SIGN_OUT; the reply ends the wait', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, writes, state$ } = setup(scheduler)
      const action$ = hot<Action>('-r 99ms a', { r: requested, a: replied })
      expectObservable(signOutEpic()(action$, state$, deps)).toBe('-s 99ms (dx)', { s: sent, d: disconnected, x: signedOut })
      scheduler.schedule(() => {
        expect(writes.map((w) => Object.keys(w)[0])).toEqual(['walletEmail', 'walletSocialUsername', 'connectedSocial', 'walletEmailLoginUsed'])
        expect(authSession(deps.providers).email).toBeNull()
      }, 2)
    })
  })

  test('behavior: a frame that never answers is waited for at most 3 s', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, state$ } = setup(scheduler)
      expectObservable(signOutEpic()(hot<Action>('-r', { r: requested }), state$, deps)).toBe('-s 2999ms (dx)', { s: sent, d: disconnected, x: signedOut })
    })
  })

  test('behavior: an error reply still signs out; a late reply after 3 s changes nothing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, state$ } = setup(scheduler)
      const failed: Action = { type: 'frame/requestFailed', id: 'id1', name: 'SIGN_OUT', error: { message: 'An error occurred' }, reason: 'error' }
      expectObservable(signOutEpic()(hot<Action>('-r 9ms f', { r: requested, f: failed }), state$, deps)).toBe('-s 9ms (dx)', { s: sent, d: disconnected, x: signedOut })
    })
    const late = newScheduler()
    late.run(({ hot, expectObservable }) => {
      const { deps, state$ } = setup(late)
      expectObservable(signOutEpic()(hot<Action>('-r 3500ms a', { r: requested, a: replied }), state$, deps)).toBe('-s 2999ms (dx)', { s: sent, d: disconnected, x: signedOut })
    })
  })

  test('behavior: a double click signs out once; another connector is left to its adapter', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, state$ } = setup(scheduler)
      expectObservable(signOutEpic()(hot<Action>('-rr', { r: requested }), state$, deps)).toBe('-s 2999ms (dx)', { s: sent, d: disconnected, x: signedOut })
      const other = setup(scheduler, 'io.metamask')
      expectObservable(signOutEpic()(hot<Action>('-r', { r: requested }), other.state$, other.deps)).toBe('')
    })
  })

  test('behavior: only the namespaces on the auth connector are disconnected; another wallet\'s and an empty slot are left alone', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps } = setup(scheduler)
      const SOL = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv' as const
      const state = reduce(initialState(), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'auth' }, { type: 'connection/accountConnected', namespace: 'solana', caipAddress: SOL, connectorId: 'phantom' })
      // A namespace key present with no connection in it (the type allows it).
      const withHole = { ...state, connection: { ...state.connection, namespaces: { ...state.connection.namespaces, bip122: undefined } } }
      expectObservable(signOutEpic()(hot<Action>('-r 9ms a', { r: requested, a: replied }), stateFollowing(withHole).state$, deps)).toBe('-s 9ms (dx)', { s: sent, d: disconnected, x: signedOut })
    })
  })

  test('behavior: a disconnect request for a namespace with no connection is not ours and does not stop the epic', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, state$ } = setup(scheduler)
      const solana: Action = { type: 'connection/disconnectRequested', namespace: 'solana' }
      expectObservable(signOutEpic()(hot<Action>('-o 9ms r', { o: solana, r: requested }), state$, deps)).toBe('- 9ms -s 2999ms (dx)', { s: sent, d: disconnected, x: signedOut })
    })
  })
})
