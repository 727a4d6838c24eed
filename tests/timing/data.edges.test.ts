import { of, throwError, type Observable } from 'rxjs'
import { describe, vi } from 'vitest'
import type { PortfolioData } from '../../core/actions/portfolio.js'
import type { Action } from '../../core/actions/types.js'
import { getNativeBalance } from '../../core/chains/evm/getNativeBalance.js'
import { receiptEpic } from '../../core/chains/evm/receiptEpic.js'
import { airlockDevnet } from '../../core/chains/networks.js'
import {
  BALANCE_RETRY_PAUSE_MS,
  IDENTITY_CACHE_MS,
  IMAGE_PRELOAD_TIMEOUT_MS,
  NAME_SEARCH_DEBOUNCE_MS,
  PORTFOLIO_CACHE_MS,
  RECEIPT_POLL_MS,
  RECEIPT_WAIT_MS,
  RPC_TIMEOUT_MS,
  WALLET_ASSETS_TIMEOUT_MS,
  WALLET_SEARCH_DEBOUNCE_MS,
} from '../../core/constants/timing.js'
import type { AirlockDeps } from '../../core/deps.js'
import { identityEpic, nameSearchEpic, nftImagesEpic, tokensEpic } from '../../core/portfolio/portfolioEpics.js'
import { readTokens } from '../../core/portfolio/readTokens.js'
import type { ResourceEpicParameters } from '../../core/portfolio/resourceEpic.js'
import type { PortfolioResource } from '../../core/portfolio/types.js'
import { preloadEpic, searchEpic } from '../../core/registry/registryEpics.js'
import type { RegistryWallet } from '../../core/registry/types.js'
import { marbleDeps } from '../support/epicHarness.js'
import { initialState, reduce } from '../support/state.js'
import { atSettled, runTimeline, settledAfter, timingEdge, typesOf, virtualClock, type Timed } from '../support/timingEdges.js'

/** SPEC 9's cache, preload, debounce and request timings of the account data and the wallet registry, at both edges. */

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const KEY_A = `eip155:31337:${A}` as const
const state = (projectId?: string) => initialState({ networks: [airlockDevnet], ...(projectId ? { projectId } : {}) })
const request = (resource: PortfolioResource, key: string): Action => ({ type: 'portfolio/fetchRequested', resource, key })
/** What the epic answered at exactly `ms`. */
const at = (out: readonly Timed[], ms: number) => typesOf(out.filter((o) => o.ms === ms))

/** A reader answering call after call with the given observables (the last repeats). */
function reader<R extends PortfolioResource>(...answers: Observable<PortfolioData[R]>[]): ResourceEpicParameters<R>['read'] {
  let calls = 0
  return () => answers[Math.min(calls++, answers.length - 1)]!
}

describe('account data caches (SPEC 9: portfolio 30 s, identity 5 min; 30 s pause after a failure)', () => {
  const eth = [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 0, price: 0, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' }]

  timingEdge('PORTFOLIO_CACHE_MS: tokens read 29 999 ms ago answer from the cache; at 30 000 ms they are read again', {
    constant: PORTFOLIO_CACHE_MS,
    spec: 30_000,
    run: (ms) => {
      const clock = virtualClock()
      const read = reader<'tokens'>(of(eth))
      const { out } = runTimeline(clock, { epic: tokensEpic(read), state: state(), deps: marbleDeps(clock), inputs: [[0, request('tokens', KEY_A)], [ms, request('tokens', KEY_A)]] })
      return at(out, ms)
    },
    before: ['portfolio/fetchSkipped'],
    at: ['portfolio/fetchStarted', 'portfolio/fetched'],
  })

  timingEdge('BALANCE_RETRY_PAUSE_MS (tokens): 29 999 ms after a failed read nothing is read; at 30 000 ms it is', {
    constant: BALANCE_RETRY_PAUSE_MS,
    spec: 30_000,
    run: (ms) => {
      const clock = virtualClock()
      const read = reader<'tokens'>(throwError(() => new Error('RPC down')), of(eth))
      const { out } = runTimeline(clock, { epic: tokensEpic(read), state: state(), deps: marbleDeps(clock), inputs: [[0, request('tokens', KEY_A)], [ms, request('tokens', KEY_A)]] })
      return at(out, ms)
    },
    before: ['portfolio/fetchSkipped'],
    at: ['portfolio/fetchStarted', 'portfolio/fetched'],
  })

  timingEdge('IDENTITY_CACHE_MS: a name and avatar read 299 999 ms ago answer from the cache; at 300 000 ms they are read again', {
    constant: IDENTITY_CACHE_MS,
    spec: 300_000,
    run: (ms) => {
      const clock = virtualClock()
      const read = reader<'identity'>(of({ name: 'ada.eth', avatar: null } as unknown as PortfolioData['identity']))
      const key = A.toLowerCase()
      const { out } = runTimeline(clock, { epic: identityEpic(read), state: state('p1'), deps: marbleDeps(clock), inputs: [[0, request('identity', key)], [ms, request('identity', key)]] })
      return at(out, ms)
    },
    before: ['portfolio/fetchSkipped'],
    at: ['portfolio/fetchStarted', 'portfolio/fetched'],
  })
})

describe('receipt of a sent transaction (our choice: a look every 2 s, for at most 2 min)', () => {
  const HASH = `0x${'5c50'.repeat(16)}`
  const sent: Action = { type: 'wallet/requestSucceeded', id: 'r1', method: 'eth_sendTransaction', hash: HASH }
  const connected = () =>
    reduce(
      state(),
      { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: KEY_A, connectorId: 'dev.test' },
      { type: 'portfolio/fetched', resource: 'tokens', key: KEY_A, data: [], at: 0 } as Action,
    )

  timingEdge('RECEIPT_POLL_MS: 1 999 ms after the hash its receipt has not been looked for; at 2 000 ms it has, and the balances are read again', {
    constant: RECEIPT_POLL_MS,
    spec: 2_000,
    run: (ms) => {
      const clock = virtualClock()
      const { out } = runTimeline(clock, { epic: receiptEpic(() => of(true)), state: connected(), deps: marbleDeps(clock), inputs: [[0, sent]], lookAt: ms })
      return typesOf(out)
    },
    before: [],
    at: ['balance/fetchRequested', 'portfolio/fetchRequested'],
  })

  timingEdge('RECEIPT_WAIT_MS: a receipt found 119 999 ms after the hash refreshes the balances; at 120 000 ms the wait is over and the answer is dropped', {
    constant: RECEIPT_WAIT_MS,
    spec: 120_000,
    run: (ms) => {
      const clock = virtualClock()
      // The first look (at 2 000 ms) answers "mined" at `ms`.
      const epic = receiptEpic(() => settledAfter(clock, ms - clock.now(), true))
      const { out } = runTimeline(clock, { epic, state: connected(), deps: marbleDeps(clock), inputs: [[0, sent]] })
      return out.map((o) => [o.ms, o.action.type])
    },
    before: [
      [119_999, 'balance/fetchRequested'],
      [119_999, 'portfolio/fetchRequested'],
    ],
    at: [],
  })
})

describe('image preloading (SPEC 9: waits at most 2 s)', () => {
  const IMAGE = 'https://img.example/1.png'

  timingEdge('IMAGE_PRELOAD_TIMEOUT_MS (wallet registry): the Connect view waits for an image that loads 1 999 ms after the lists arrive; at 2 000 ms it stops waiting (timedOut)', {
    constant: IMAGE_PRELOAD_TIMEOUT_MS,
    spec: 2_000,
    run: (ms) => {
      const clock = virtualClock()
      const wallet = { id: 'w1', name: 'W', image_id: 'img1' } as unknown as RegistryWallet
      const epic = preloadEpic(() => settledAfter(clock, ms, true))
      const { out } = runTimeline(clock, { epic, state: state(), deps: marbleDeps(clock), inputs: [[0, { type: 'registry/listsLoaded', featured: [wallet], recommended: [] }]] })
      return out.map(({ action: a }) => (a.type === 'registry/imagesPreloaded' ? { failed: a.failed, timedOut: a.timedOut } : a.type))
    },
    before: [{ failed: [], timedOut: false }],
    // A late image is not broken (it may still arrive): only the wait ends.
    at: [{ failed: [], timedOut: true }],
  })

  timingEdge('IMAGE_PRELOAD_TIMEOUT_MS (NFTs): an NFT image that loads 1 999 ms after the list arrives is shown; at 2 000 ms it gets a placeholder', {
    constant: IMAGE_PRELOAD_TIMEOUT_MS,
    spec: 2_000,
    run: (ms) => {
      const clock = virtualClock()
      const nft = { id: 'eip155:31337:0xc:1', name: '#1', tokenId: '1', chainId: 'eip155:31337', collection: { name: 'C', address: 'eip155:31337:0xc' }, imageUrl: IMAGE }
      const list = { type: 'portfolio/fetched', resource: 'nfts', key: `eip155:31337|${A}`, data: [nft], at: 0 } as unknown as Action
      const { out } = runTimeline(clock, { epic: nftImagesEpic('eip155', () => settledAfter(clock, ms, true)), state: state('p'), deps: marbleDeps(clock), inputs: [[0, list]] })
      return out.flatMap(({ action: a }) => (a.type === 'portfolio/nftImagesPreloaded' ? [a.failed] : []))
    },
    before: [[]],
    at: [[IMAGE]],
  })
})

describe('search debounces (SPEC 9: wallet search 300 ms; the name search follows it)', () => {
  timingEdge('WALLET_SEARCH_DEBOUNCE_MS: a keystroke 299 ms after the last one replaces its search; at 300 ms the first search has gone out', {
    constant: WALLET_SEARCH_DEBOUNCE_MS,
    spec: 300,
    run: (ms) => {
      const clock = virtualClock()
      const epic = searchEpic(() => of({ count: 0, wallets: [] }))
      const { out } = runTimeline(clock, {
        epic,
        state: state(),
        deps: marbleDeps(clock),
        inputs: [
          [0, { type: 'registry/searchRequested', query: 'met' }],
          [ms, { type: 'registry/searchRequested', query: 'meta' }],
        ],
      })
      return out.flatMap(({ action: a }) => (a.type === 'registry/searchStarted' ? [a.query] : []))
    },
    before: ['meta'],
    at: ['met', 'meta'],
  })

  timingEdge('NAME_SEARCH_DEBOUNCE_MS: a keystroke 299 ms after the last one replaces its name search; at 300 ms the first search has gone out', {
    constant: NAME_SEARCH_DEBOUNCE_MS,
    spec: 300,
    run: (ms) => {
      const clock = virtualClock()
      const searched: string[] = []
      // Answers at once (a thenable): taken, with no suggestions.
      const get = ({ path }: { path: string }) => {
        if (path.startsWith('/v1/profile/account/')) searched.push(decodeURIComponent(path.slice('/v1/profile/account/'.length)))
        const answer = path.startsWith('/v1/profile/suggestions/') ? { suggestions: [] } : { name: 'x' }
        return { then: (resolve: (value: unknown) => void) => resolve(answer) }
      }
      const deps = { ...marbleDeps(clock), http: { blockchain: { baseUrl: 'https://rpc.example', get } } } as unknown as AirlockDeps
      runTimeline(clock, {
        epic: nameSearchEpic,
        state: state('p1'),
        deps,
        inputs: [
          [0, { type: 'names/searchRequested', query: 'alic' }],
          [ms, { type: 'names/searchRequested', query: 'alice' }],
        ],
      })
      return searched.map((name) => name.split('.')[0])
    },
    before: ['alice'],
    at: ['alic', 'alice'],
  })
})

describe('wallet and RPC timeouts', () => {
  /** Lets promise callbacks run between steps of virtual time. */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

  timingEdge('WALLET_ASSETS_TIMEOUT_MS: a wallet that lists its assets 4 999 ms after being asked is used; at 5 000 ms the data service answers instead', {
    constant: WALLET_ASSETS_TIMEOUT_MS,
    spec: 5_000,
    run: async (ms) => {
      const clock = virtualClock()
      const chainHex = '0x7a69'
      const asset = { address: '0x0', balance: '0x1', type: 'NATIVE', metadata: { name: 'Wallet ETH', symbol: 'WLT', decimals: 18, price: 1 } }
      const provider = {
        request: ({ method }: { method: string }) =>
          method === 'wallet_getCapabilities'
            ? Promise.resolve({ [chainHex]: { assetDiscovery: { supported: true } } })
            : new Promise((resolve) => atSettled(clock, ms, () => resolve({ [chainHex]: [asset] }))),
      }
      const fromService = [{ name: 'Ether', symbol: 'SVC', chainId: 'eip155:31337', value: 0, price: 0, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' }]
      const blockchain = { baseUrl: 'https://rpc.example', get: () => Promise.resolve(fromService), post: () => Promise.resolve(null) }
      const deps = { ...marbleDeps(clock, { 'dev.test': provider }), http: { blockchain } } as unknown as AirlockDeps
      const connected = reduce(state('p1'), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: KEY_A, connectorId: 'dev.test' })
      const tokens = readTokens({ state: connected, deps, key: KEY_A, force: false, signal: new AbortController().signal })
      // Virtual time up to the wallet's answer, then the promise callbacks, then the rest.
      await settle()
      clock.maxFrames = ms
      clock.flush()
      await settle()
      clock.maxFrames = Number.POSITIVE_INFINITY
      clock.flush()
      return (await tokens).map((t) => t.symbol)
    },
    before: ['WLT'],
    at: ['SVC'],
  })

  timingEdge('RPC_TIMEOUT_MS: a native balance read from an RPC that hangs is still waiting at 9 999 ms and has timed out at 10 000 ms (viem http transport, fake timers)', {
    constant: RPC_TIMEOUT_MS,
    spec: 10_000,
    run: async (ms) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      // An RPC that never answers; the transport's own timeout aborts the request.
      vi.stubGlobal('fetch', (_url: unknown, init?: RequestInit) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))))
      try {
        const outcome = getNativeBalance({ network: airlockDevnet, address: A }).then(
          () => 'answered',
          (error: Error) => error.name,
        )
        await vi.advanceTimersByTimeAsync(ms)
        return await Promise.race([outcome, settle().then(() => 'waiting')])
      } finally {
        vi.useRealTimers()
        vi.unstubAllGlobals()
      }
    },
    before: 'waiting',
    at: 'TimeoutError',
  })
})
