import type { Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { ethereum, solana } from '../../chains/networks.js'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { BaseError } from '../../errors/BaseError.js'
import type { AirlockState } from '../../state.js'
import { initialState, stateFollowing } from '../../../tests/support/state.js'
import { CONNECTION_DECLINED, PAIRING_FAILED } from './constants.js'
import type { PairingRequest, SessionHolder } from './createSessionHolder.js'
import { proposalNamespaces } from './namespaces.js'
import { connectErrorInfo, pairEpic, pointAtActiveChain } from './pairEpic.js'
import { parseSession } from './parseSession.js'
import { settledActions } from './sessionActions.js'

/**
 * pairEpic called as a plain function on the TestScheduler. The holder's pairing answers with
 * promise-likes the test settles synchronously at a virtual time (a real promise would answer
 * after the scheduler has flushed). In a store with a fake provider: walletConnectEpics.test.ts.
 */
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const EVM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const URI = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`
const connect: Action = { type: 'walletConnect/connectRequested' }

/** A promise-like settled by hand, whose callbacks run at once (inside the test's scheduled call). */
function later<T>() {
  let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined
  const waiting: (() => void)[] = []
  const settle = (result: NonNullable<typeof outcome>) => {
    if (outcome) return
    outcome = result
    waiting.splice(0).forEach((run) => run())
  }
  const promise = {
    then<R>(onOk?: (value: T) => R, onError?: (error: unknown) => R) {
      const next = later<R>()
      const run = () => {
        try {
          if (outcome!.ok) next.resolve(onOk ? onOk(outcome!.value) : (outcome!.value as unknown as R))
          else if (onError) next.resolve(onError(outcome!.error))
          else next.reject(outcome!.error)
        } catch (error) {
          next.reject(error)
        }
      }
      if (outcome) run()
      else waiting.push(run)
      return next.promise
    },
    catch<R>(onError: (error: unknown) => R) {
      return promise.then(undefined, onError)
    },
  }
  return { promise: promise as unknown as Promise<T>, resolve: (value: T) => settle({ ok: true, value }), reject: (error: unknown) => settle({ ok: false, error }) }
}

/** The provider once the wallet approved: its session and the chains requests were pointed at. */
const approvedProvider = (session: unknown) => ({ session, chains: [] as string[], setDefaultChain(chain: string) { this.chains.push(chain) } })
const session = {
  topic: 't'.repeat(64),
  namespaces: { eip155: { accounts: [`eip155:1:${EVM}`], methods: [], events: [] } },
  peer: { metadata: { name: 'Fake Wallet', url: 'https://wallet.example', icons: [] } },
}

/** A holder whose pairings the test answers by hand; `requests` records what each asked for. */
function fakeHolder() {
  const requests: PairingRequest[] = []
  const pairings: { uri: ReturnType<typeof later<unknown>>; settled: ReturnType<typeof later<unknown>> }[] = []
  const holder = {
    pairing: (request: PairingRequest) => {
      requests.push(request)
      const made = { uri: later<unknown>(), settled: later<unknown>() }
      pairings.push(made)
      return { uri: made.uri.promise, settled: made.settled.promise, createdAt: request.now - 5 }
    },
  } as unknown as SessionHolder
  return { holder, requests, pairings }
}

/** Secrets that hand out numbered references and remember what was put. */
function fakeSecrets() {
  const put: unknown[] = []
  return { put, box: { put: (value: unknown) => (put.push(value), `secret:${put.length}`) } }
}

const stateWith = (status: AirlockState['walletConnect']['status']): AirlockState => {
  const state = initialState({ networks: [ethereum, solana] })
  return { ...state, walletConnect: { ...state.walletConnect, status } }
}
const run = (scheduler: TestScheduler, holder: SessionHolder, secrets: { put: (value: unknown) => string }, state = stateWith('idle'), uriTimeoutMs = 1_000) => (action$: Observable<Action>) =>
  pairEpic(holder, uriTimeoutMs)(action$, stateFollowing(state).state$, { scheduler, secrets } as unknown as AirlockDeps)

describe('pairEpic (SPEC 4: a pairing URI, then the settled session)', () => {
  test('behavior: a click asks for a pairing usable until 10 s before its 4 minutes; its URI is shown expiring 4 minutes after it was made, then the approval connects', () => {
    const scheduler = newScheduler()
    const { holder, requests, pairings } = fakeHolder()
    const secrets = fakeSecrets()
    const provider = approvedProvider(session)
    const state = stateWith('idle')
    const connected = settledActions(state, parseSession(session)!, { restored: false })
    expect(connected[1]).toMatchObject({ type: 'walletConnect/sessionSettled', restored: false })
    scheduler.run(({ hot, expectObservable }) => {
      scheduler.schedule(() => pairings[0]!.uri.resolve(URI), 3)
      scheduler.schedule(() => pairings[0]!.settled.resolve(provider), 7)
      expectObservable(run(scheduler, holder, secrets.box, state)(hot<Action>('-c', { c: connect }))).toBe('---u---(abcd)', {
        // The pairing was made 5 ms before it was asked for (a prewarmed one): its expiry counts from then.
        u: { type: 'walletConnect/uriReceived', uriRef: 'secret:1', expiresAt: 1 - 5 + PAIRING_LIFETIME_MS },
        a: connected[0],
        b: connected[1],
        c: connected[2],
        d: connected[3],
      })
    })
    expect(requests).toEqual([{ namespaces: proposalNamespaces([ethereum, solana]), now: 1, usableMs: PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS, fresh: false }])
    expect(secrets.put).toEqual([URI])
    expect(provider.chains).toEqual(['eip155:1'])
  })

  test('behavior: an expired pairing is replaced by a fresh one only while pairing', () => {
    const expired: Action = { type: 'walletConnect/pairingExpired', uriRef: 'secret:1' }
    // The fresh pairing here never gives its URI: it fails at the timeout, as a click's would.
    for (const [status, asked, marble] of [['pairing', [true], '- 1000ms f'], ['idle', [], ''], ['connected', [], '']] as const) {
      const scheduler = newScheduler()
      const { holder, requests } = fakeHolder()
      scheduler.run(({ hot, expectObservable }) => {
        expectObservable(run(scheduler, holder, fakeSecrets().box, stateWith(status))(hot<Action>('-e', { e: expired }))).toBe(marble, { f: { type: 'walletConnect/connectFailed', error: { message: PAIRING_FAILED } } })
      })
      expect(requests.map((r) => r.fresh)).toEqual(asked)
    }
  })

  test('error: no URI within the timeout fails with the SPEC wording', () => {
    const scheduler = newScheduler()
    const { holder } = fakeHolder()
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(run(scheduler, holder, fakeSecrets().box)(hot<Action>('-c', { c: connect }))).toBe('- 1000ms f', {
        f: { type: 'walletConnect/connectFailed', error: { message: PAIRING_FAILED } },
      })
    })
  })

  test.each<[string, unknown]>([
    ['a URL that is not a pairing', 'https://wallet.example/wc?uri=x'],
    ['a pairing URI with something after it', `${URI} <script>`],
    ['a number', 42],
    ['an object that prints as a pairing URI', { toString: () => URI }],
  ])('edge: %s from the SDK is never shown or stored (the wait for a URI goes on until the timeout)', (_name, uri) => {
    const scheduler = newScheduler()
    const { holder, pairings } = fakeHolder()
    const secrets = fakeSecrets()
    scheduler.run(({ hot, expectObservable }) => {
      scheduler.schedule(() => pairings[0]!.uri.resolve(uri), 3)
      expectObservable(run(scheduler, holder, secrets.box)(hot<Action>('-c', { c: connect }))).toBe('- 1000ms f', { f: { type: 'walletConnect/connectFailed', error: { message: PAIRING_FAILED } } })
    })
    expect(secrets.put).toEqual([])
  })

  test('behavior: leaving the view drops the pairing: a late URI is not stored, a late approval not applied, a late failure not reported', () => {
    for (const outcome of ['approved', 'declined'] as const) {
      const scheduler = newScheduler()
      const { holder, pairings } = fakeHolder()
      const secrets = fakeSecrets()
      const provider = approvedProvider(session)
      scheduler.run(({ hot, expectObservable }) => {
        scheduler.schedule(() => pairings[0]!.uri.resolve(URI), 5)
        scheduler.schedule(() => (outcome === 'approved' ? pairings[0]!.settled.resolve(provider) : pairings[0]!.settled.reject({ code: 5000 })), 6)
        expectObservable(run(scheduler, holder, secrets.box)(hot<Action>('-c-x', { c: connect, x: { type: 'modal/closeRequested' } }))).toBe('')
      })
      expect(secrets.put).toEqual([])
      expect(provider.chains).toEqual([])
    }
  })

  test.each<[string, (settled: ReturnType<typeof later<unknown>>) => void, { message: string; code?: number }]>([
    ['a malformed session', (s) => s.resolve(approvedProvider({ topic: 'x' })), { message: 'The wallet answered with a malformed session' }],
    ['a declined proposal', (s) => s.reject({ code: 5000, message: 'User rejected.' }), { message: CONNECTION_DECLINED, code: 5000 }],
  ])('error: %s fails the pairing', (_name, answer, error) => {
    const scheduler = newScheduler()
    const { holder, pairings } = fakeHolder()
    scheduler.run(({ hot, expectObservable }) => {
      scheduler.schedule(() => answer(pairings[0]!.settled), 4)
      expectObservable(run(scheduler, holder, fakeSecrets().box)(hot<Action>('-c', { c: connect }))).toBe('----f', { f: { type: 'walletConnect/connectFailed', error } })
    })
  })
})

describe('pointAtActiveChain (requests go to the chain the app shows)', () => {
  const chainChanged: Action = { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:8453' }
  const announced: Action = { type: 'walletConnect/relayReconnected' }

  test('behavior: the EVM chain among the actions becomes the default, wherever it is in the list', () => {
    const chains: string[] = []
    pointAtActiveChain({ setDefaultChain: (chain) => void chains.push(chain) }, [announced, chainChanged])
    expect(chains).toEqual(['eip155:8453'])
  })

  test('edge: no EVM chain: the SDK keeps its default; a chain the wallet did not approve is no error', () => {
    const chains: string[] = []
    pointAtActiveChain({ setDefaultChain: (chain) => void chains.push(chain) }, [announced])
    pointAtActiveChain({ setDefaultChain: (chain) => void chains.push(chain) }, [])
    expect(chains).toEqual([])
    expect(() =>
      pointAtActiveChain(
        {
          setDefaultChain: () => {
            throw new Error('not approved')
          },
        },
        [chainChanged],
      ),
    ).not.toThrow()
  })
})

describe('connectErrorInfo (SPEC wording for a failed pairing)', () => {
  test.each<[string, unknown, { message: string; code?: number | string }]>([
    ['our own error keeps its text and code', new BaseError('Mine', { code: 5000 }), { message: 'Mine', code: 5000 }],
    ['WalletConnect "user rejected" 5000', { code: 5000, message: 'Rejected by user' }, { message: CONNECTION_DECLINED, code: 5000 }],
    ['WalletConnect 5002 nested in a cause', { code: -1, message: 'x', cause: { code: 5002 } }, { message: CONNECTION_DECLINED, code: 5002 }],
    ['EIP-1193 4001', { code: 4001, message: 'denied' }, { message: CONNECTION_DECLINED, code: 4001 }],
    ['any other wallet error', { code: 4100, message: 'Unauthorized' }, { message: 'Unauthorized', code: 4100 }],
    ['something without a message', 7, { message: PAIRING_FAILED }],
  ])('%s', (_name, error, info) => {
    expect(connectErrorInfo(error)).toEqual(info)
  })
})
