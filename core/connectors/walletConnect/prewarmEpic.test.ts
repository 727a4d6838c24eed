import type { Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS, WALLET_CONNECT_PREWARM_DELAY_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import { initialState, stateFollowing } from '../../../tests/support/state.js'
import { WALLET_CONNECT_CONNECTOR_ID } from './constants.js'
import type { PairingRequest, SessionHolder } from './createSessionHolder.js'
import { prewarmEpic } from './lifecycleEpics.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const open: Action = { type: 'modal/openRequested' }

/** A holder that records, on the virtual clock, when a pairing was asked for and with which usable age. */
function fakeHolder(scheduler: TestScheduler) {
  const asked: { at: number; now: number; usableMs: number; fresh: boolean | undefined }[] = []
  const holder = {
    pairing: (request: PairingRequest) => {
      asked.push({ at: scheduler.now(), now: request.now, usableMs: request.usableMs, fresh: request.fresh })
      return { uri: new Promise(() => {}), settled: new Promise(() => {}), createdAt: request.now }
    },
  } as unknown as SessionHolder
  return { holder, asked: () => asked.map((a) => a.at), requests: asked }
}

const run = (scheduler: TestScheduler, holder: SessionHolder, state: AirlockState = initialState(), delayMs?: number) => (action$: Observable<Action>) =>
  prewarmEpic(holder, delayMs)(action$, stateFollowing(state).state$, { scheduler } as unknown as AirlockDeps)

describe('prewarmEpic (issue 15: the WalletConnect SDK ready before the click)', () => {
  test('constant: 300 ms after the modal opens', () => {
    expect(WALLET_CONNECT_PREWARM_DELAY_MS).toBe(300)
  })

  test('default: a pairing is asked for 300 ms after the modal opens, not at 299 ms, usable until 10 s before its 4 minutes; it emits nothing', () => {
    const scheduler = newScheduler()
    const { holder, asked, requests } = fakeHolder(scheduler)
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(run(scheduler, holder)(hot<Action>('-o', { o: open }))).toBe('')
      scheduler.schedule(() => expect(asked()).toEqual([]), 300)
      scheduler.schedule(() => expect(requests).toEqual([{ at: 301, now: 301, usableMs: PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS, fresh: undefined }]), 302)
    })
  })

  test('behavior: openings while it waits ask once; a later opening asks the holder again (which keeps a pairing still usable)', () => {
    const scheduler = newScheduler()
    const { holder, asked } = fakeHolder(scheduler)
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(run(scheduler, holder)(hot<Action>('-o 99ms o 499ms o', { o: open }))).toBe('')
      scheduler.schedule(() => expect(asked()).toEqual([301, 901]), 2_000)
    })
  })

  test('behavior: a connection through another connector (or an empty entry) does not hold the pairing back', () => {
    const scheduler = newScheduler()
    const { holder, asked } = fakeHolder(scheduler)
    const base = initialState()
    const injected: AirlockState = { ...base, connection: { ...base.connection, namespaces: { eip155: { status: 'connected', caipAddress: 'eip155:1:0x71C7656EC7ab88b098defB751B7401B5f6d8976F', connectorId: 'io.metamask', accounts: [] }, solana: undefined } } }
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(run(scheduler, holder, injected)(hot<Action>('-o', { o: open }))).toBe('')
      scheduler.schedule(() => expect(asked()).toEqual([301]), 5_000)
    })
  })

  test('edge: not when a WalletConnect connection exists or is being restored, and never with an infinite delay', () => {
    const scheduler = newScheduler()
    const { holder, asked } = fakeHolder(scheduler)
    const base = initialState()
    const restoring: AirlockState = { ...base, connection: { ...base.connection, namespaces: { eip155: { status: 'connecting', caipAddress: null, connectorId: WALLET_CONNECT_CONNECTOR_ID, accounts: [] } } } }
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(run(scheduler, holder, restoring)(hot<Action>('-o', { o: open }))).toBe('')
      expectObservable(run(scheduler, holder, base, Infinity)(hot<Action>('-o', { o: open }))).toBe('|')
      scheduler.schedule(() => expect(asked()).toEqual([]), 5_000)
    })
  })
})
