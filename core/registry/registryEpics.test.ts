import type { Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { hangingApi, marbleDeps, runEpic } from '../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../tests/support/state.js'
import type { Action } from '../actions/types.js'
import { HttpError } from '../api/errors.js'
import { retryTransient } from '../api/retryTransient.js'
import { API_REQUEST_TIMEOUT_MS } from '../constants/timing.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { listsEpic, pagesEpic, preloadEpic, REGISTRY_ERROR_MESSAGE, searchEpic, type ImageGetter, type WalletsGetter } from './registryEpics.js'
import type { WalletPage } from './registrySchema.js'
import type { WalletQuery } from './registryQuery.js'
import type { RegistryWallet } from './types.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const w = (n: number, fields: Partial<RegistryWallet> = {}): RegistryWallet => ({ id: `w${n}`, name: `Wallet ${n}`, image_id: `i${n}`, mobile_link: null, desktop_link: null, webapp_link: null, rdns: null, chains: ['eip155:1'], ...fields })
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => w(from + i))
const page = (wallets: RegistryWallet[], count = 100): WalletPage => ({ count, wallets })

/** A getter answering call after call with the given observables (the last repeats), recording the queries. */
function getter(...answers: Observable<WalletPage>[]) {
  const queries: WalletQuery[] = []
  const get: WalletsGetter = (_deps, _state, query) => {
    queries.push(query)
    return answers[Math.min(queries.length - 1, answers.length - 1)]!
  }
  return Object.assign(get, { queries })
}

const open: Action = { type: 'modal/openRequested' }
const next: Action = { type: 'registry/nextPageRequested' }
const retry: Action = { type: 'registry/retryRequested' }
const search = (query: string): Action => ({ type: 'registry/searchRequested', query })
const failed = { message: REGISTRY_ERROR_MESSAGE, code: 500 }
const server500 = new HttpError(500, { method: 'GET', url: 'https://api.test/getWallets' })
const loadedState = (wallets: RegistryWallet[], count: number, options = {}): AirlockState =>
  reduce(initialState({ projectId: 'p', ...options }), { type: 'registry/listsRequested' }, { type: 'registry/listsLoaded', featured: [], recommended: [] }, { type: 'registry/pageLoaded', page: 1, count, wallets })

describe('listsEpic', () => {
  test('default: the first open fetches page 1; featured are its first 4, recommended the next 4 not installed', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const installed = { id: 'dev', name: 'Dev', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'dev.wallet', installed: true } as const
      const wallets = [...range(1, 5), w(6, { rdns: 'dev.wallet' }), ...range(7, 40)]
      const get = getter(cold('----p|', { p: page(wallets, 5000) }))
      const state = reduce(initialState({ projectId: 'p' }), { type: 'connectors/announced', connector: installed })
      const { out$ } = runEpic(scheduler, listsEpic(get), hot('-o--o', { o: open }), state, marbleDeps(scheduler))
      expectObservable(out$).toBe('-(ab)-(cd)', {
        a: { type: 'registry/listsRequested' },
        b: { type: 'registry/pageRequested', page: 1 },
        c: { type: 'registry/pageLoaded', page: 1, count: 5000, wallets },
        d: { type: 'registry/listsLoaded', featured: range(1, 4), recommended: [w(5), ...range(7, 9)] },
      })
      scheduler.flush()
      expect(get.queries).toEqual([{ page: 1, entries: 40 }])
    })
  })

  test('behavior: featuredWalletIds are fetched by id, in the host order; reopening does not refetch', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      // The featured request is made first.
      const get = getter(cold('---f|', { f: page([w(90), w(91)], 2) }), cold('-p|', { p: page(range(1, 40), 500) }))
      const state = initialState({ projectId: 'p', featuredWalletIds: ['w91', 'w90'] })
      const { out$ } = runEpic(scheduler, listsEpic(get), hot('o 8ms o', { o: open }), state, marbleDeps(scheduler))
      expectObservable(out$).toBe('(ab)(cd)', {
        a: { type: 'registry/listsRequested' },
        b: { type: 'registry/pageRequested', page: 1 },
        c: { type: 'registry/pageLoaded', page: 1, count: 500, wallets: range(1, 40) },
        d: { type: 'registry/listsLoaded', featured: [w(91), w(90)], recommended: range(1, 4) },
      })
      scheduler.flush()
      expect(get.queries).toEqual([{ page: 1, entries: 2, include: ['w91', 'w90'] }, { page: 1, entries: 40 }])
    })
  })

  test('behavior: a headless list (registry/loadRequested) loads the lists as the first open does; an open after it does not refetch', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('---p|', { p: page(range(1, 8), 8) }))
      const load: Action = { type: 'registry/loadRequested' }
      const { out$ } = runEpic(scheduler, listsEpic(get), hot('l 9ms o', { l: load, o: open }), initialState({ projectId: 'p' }), marbleDeps(scheduler))
      expectObservable(out$).toBe('(ab)(cd)', {
        a: { type: 'registry/listsRequested' },
        b: { type: 'registry/pageRequested', page: 1 },
        c: { type: 'registry/pageLoaded', page: 1, count: 8, wallets: range(1, 8) },
        d: { type: 'registry/listsLoaded', featured: range(1, 4), recommended: range(5, 8) },
      })
      scheduler.flush()
      expect(get.queries).toEqual([{ page: 1, entries: 40 }])
    })
  })

  test('error: a failure fails page 1 and the lists; a retry fetches again and the data arrives', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('----#', undefined, new HttpError(403, { method: 'GET', url: 'x' })), cold('---p|', { p: page(range(1, 8), 8) }))
      const { out$, state } = runEpic(scheduler, listsEpic(get), hot('o 7ms r', { o: open, r: retry }), initialState({ projectId: 'p' }), marbleDeps(scheduler))
      expectObservable(out$).toBe('(ab)(cd)(ab)(ef)', {
        a: { type: 'registry/listsRequested' },
        b: { type: 'registry/pageRequested', page: 1 },
        c: { type: 'registry/pageFailed', page: 1, error: { message: REGISTRY_ERROR_MESSAGE, code: 403 } },
        d: { type: 'registry/listsFailed', error: { message: REGISTRY_ERROR_MESSAGE, code: 403 } },
        e: { type: 'registry/pageLoaded', page: 1, count: 8, wallets: range(1, 8) },
        f: { type: 'registry/listsLoaded', featured: range(1, 4), recommended: range(5, 8) },
      })
      scheduler.flush()
      expect(state().registry.status).toBe('loaded')
    })
  })
})

describe('registry over a hanging gateway (issue 21, fault 2c)', () => {
  test('behavior: a /getWallets that never answers fails the lists after one request timeout (10 s), not 33 s, and is aborted', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, aborted } = hangingApi(scheduler)
      // The real HTTP getter (its retry policy included), over a client that never answers.
      const { out$, state } = runEpic(scheduler, listsEpic(), hot('o', { o: open }), initialState({ projectId: 'p' }), deps)
      const timedOut = { message: REGISTRY_ERROR_MESSAGE, code: 'Request timed out' }
      expectObservable(out$).toBe('(ab) 9996ms (cd)', {
        a: { type: 'registry/listsRequested' },
        b: { type: 'registry/pageRequested', page: 1 },
        c: { type: 'registry/pageFailed', page: 1, error: timedOut },
        d: { type: 'registry/listsFailed', error: timedOut },
      })
      scheduler.flush()
      expect(state().registry.status).toBe('failed')
      expect(aborted()).toEqual([true])
    })
  })

  test('behavior: a page and a search over a hanging gateway fail after 10 s too', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps } = hangingApi(scheduler)
      const timedOut = { message: REGISTRY_ERROR_MESSAGE, code: 'Request timed out' }
      const pages = runEpic(scheduler, pagesEpic(), hot('n', { n: next }), loadedState(range(1, 40), 120), deps)
      expectObservable(pages.out$).toBe('a 9999ms b', { a: { type: 'registry/pageRequested', page: 2 }, b: { type: 'registry/pageFailed', page: 2, error: timedOut } })
      const searches = runEpic(scheduler, searchEpic(), hot('s', { s: search('rainbow') }), initialState({ projectId: 'p' }), hangingApi(scheduler).deps)
      expectObservable(searches.out$).toBe('300ms a 9999ms b', { a: { type: 'registry/searchStarted', query: 'rainbow' }, b: { type: 'registry/searchFailed', query: 'rainbow', error: timedOut } })
    })
  })
})

describe('pagesEpic', () => {
  test('default: next page is page 2 with 40 entries; requests while one is in flight are dropped', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const answer = cold('---p|', { p: page(range(41, 80), 100) })
      const get = getter(answer)
      const { out$ } = runEpic(scheduler, pagesEpic(get), hot('-nnn', { n: next }), loadedState(range(1, 40), 100), marbleDeps(scheduler))
      expectObservable(out$).toBe('-a--b', {
        a: { type: 'registry/pageRequested', page: 2 },
        b: { type: 'registry/pageLoaded', page: 2, count: 100, wallets: range(41, 80) },
      })
      expectSubscriptions(answer.subscriptions).toBe('-^---!')
      scheduler.flush()
      expect(get.queries).toEqual([{ page: 2, entries: 40 }])
    })
  })

  test('behavior: stops at count: no request once every page is in', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('-p|', { p: page(range(41, 50), 50) }))
      const { out$, state } = runEpic(scheduler, pagesEpic(get), hot('n--n--n', { n: next }), loadedState(range(1, 40), 50), marbleDeps(scheduler))
      expectObservable(out$).toBe('ab', { a: { type: 'registry/pageRequested', page: 2 }, b: { type: 'registry/pageLoaded', page: 2, count: 50, wallets: range(41, 50) } })
      scheduler.flush()
      expect(state().registry.wallets).toHaveLength(50)
      expect(get.queries).toHaveLength(1)
    })
  })

  test('error: a failed page keeps the wallets loaded so far; scrolling does not hammer, a retry does', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('-#', undefined, new HttpError(404, { method: 'GET', url: 'x' })), cold('-p|', { p: page(range(41, 80), 120) }))
      const { out$, state } = runEpic(scheduler, pagesEpic(get), hot('n--n-r', { n: next, r: retry }), loadedState(range(1, 40), 120), marbleDeps(scheduler))
      expectObservable(out$).toBe('ab---cd', {
        a: { type: 'registry/pageRequested', page: 2 },
        b: { type: 'registry/pageFailed', page: 2, error: { message: REGISTRY_ERROR_MESSAGE, code: 404 } },
        c: { type: 'registry/pageRequested', page: 2 },
        d: { type: 'registry/pageLoaded', page: 2, count: 120, wallets: range(41, 80) },
      })
      scheduler.flush()
      expect(state().registry.wallets.map((x) => x.id)).toEqual(range(1, 80).map((x) => x.id))
      expect(state().registry.error).toBeNull()
    })
  })

  test('behavior: transient failures are retried twice on the scheduler, then fail', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const failing = cold<WalletPage>('-#', undefined, server500)
      const deps = marbleDeps(scheduler)
      // The HTTP getter's retry policy, applied to a marble source.
      const get: WalletsGetter = () => failing.pipe(retryPolicy(deps))
      const { out$ } = runEpic(scheduler, pagesEpic(get), hot('n', { n: next }), loadedState(range(1, 40), 120), deps)
      // Attempts at 0, 1 s + 1, 3 s + 2; each fails 1 frame later.
      expectObservable(out$).toBe('a 3002ms b', { a: { type: 'registry/pageRequested', page: 2 }, b: { type: 'registry/pageFailed', page: 2, error: failed } })
    })
  })
})

describe('searchEpic', () => {
  test('default: typing fast issues one request, 300 ms after the last keystroke, for the trimmed query', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('--r|', { r: page([w(7)], 1) }))
      const { out$ } = runEpic(scheduler, searchEpic(get), hot('-abc', { a: search('r'), b: search('ra'), c: search(' rai ') }), initialState({ projectId: 'p' }), marbleDeps(scheduler))
      expectObservable(out$).toBe('---- 299ms a-b', {
        a: { type: 'registry/searchStarted', query: 'rai' },
        b: { type: 'registry/searchLoaded', query: 'rai', count: 1, wallets: [w(7)] },
      })
      scheduler.flush()
      expect(get.queries).toEqual([{ page: 1, entries: 100, search: 'rai' }])
    })
  })

  test('behavior: a badge filter goes with the query (badge_type), debounced like typing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('-r|', { r: page([w(3)], 1) }))
      const certified: Action = { type: 'registry/searchRequested', query: 'w', badge: 'certified' }
      const { out$ } = runEpic(scheduler, searchEpic(get), hot('-a', { a: certified }), initialState({ projectId: 'p' }), marbleDeps(scheduler))
      expectObservable(out$).toBe('- 300ms ab', {
        a: { type: 'registry/searchStarted', query: 'w' },
        b: { type: 'registry/searchLoaded', query: 'w', count: 1, wallets: [w(3)] },
      })
      scheduler.flush()
      expect(get.queries).toEqual([{ page: 1, entries: 100, search: 'w', badge: 'certified' }])
    })
  })

  test('behavior: a new query cancels the search in flight; an empty box cancels and asks nothing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const first = cold('-----r|', { r: page([w(1)], 1) })
      const second = cold('-----r|', { r: page([w(2)], 1) })
      const get = getter(first, second)
      const input = hot('a 301ms b 301ms c', { a: search('one'), b: search('two'), c: search('') })
      const { out$ } = runEpic(scheduler, searchEpic(get), input, initialState({ projectId: 'p' }), marbleDeps(scheduler))
      expectObservable(out$).toBe('300ms a 301ms b', { a: { type: 'registry/searchStarted', query: 'one' }, b: { type: 'registry/searchStarted', query: 'two' } })
      expectSubscriptions(first.subscriptions).toBe('300ms ^ 1ms !')
      expectSubscriptions(second.subscriptions).toBe('602ms ^ 1ms !')
    })
  })

  test('error: a failed search keeps the previous results and says so', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('-r|', { r: page([w(1)], 1) }), cold('-#', undefined, new HttpError(400, { method: 'GET', url: 'x' })))
      const { out$, state } = runEpic(scheduler, searchEpic(get), hot('a 400ms b', { a: search('one'), b: search('onex') }), initialState({ projectId: 'p' }), marbleDeps(scheduler))
      expectObservable(out$).toBe('300ms ab 399ms cd', {
        a: { type: 'registry/searchStarted', query: 'one' },
        b: { type: 'registry/searchLoaded', query: 'one', count: 1, wallets: [w(1)] },
        c: { type: 'registry/searchStarted', query: 'onex' },
        d: { type: 'registry/searchFailed', query: 'onex', error: { message: REGISTRY_ERROR_MESSAGE, code: 400 } },
      })
      scheduler.flush()
      expect(state().registry.search).toMatchObject({ query: 'onex', status: 'failed', wallets: [w(1)] })
    })
  })

  test('behavior: empty, error and never action sources', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const deps = marbleDeps(scheduler)
      const state$ = Object.assign(cold<AirlockState>(''), { value: initialState() })
      expectObservable(searchEpic(getter())(cold<Action>('|'), state$, deps)).toBe('|')
      expectObservable(searchEpic(getter())(cold<Action>('-#'), state$, deps)).toBe('-#')
      expectObservable(searchEpic(getter())(cold<Action>('-'), state$, deps)).toBe('')
    })
  })
})

describe('preloadEpic', () => {
  const lists: Action = { type: 'registry/listsLoaded', featured: [w(1), w(2)], recommended: [w(3)] }

  test('default: waits for every image, remembers the failures', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const answers: Record<string, Observable<boolean>> = { i1: cold('-(t|)', { t: true }), i2: cold('--#'), i3: cold('---(f|)', { f: false }) }
      const getImage: ImageGetter = (_deps, _state, id) => answers[id]!
      const { out$ } = runEpic(scheduler, preloadEpic(getImage), hot('l', { l: lists }), initialState(), marbleDeps(scheduler))
      expectObservable(out$).toBe('---a', { a: { type: 'registry/imagesPreloaded', failed: ['i2', 'i3'], timedOut: false } })
    })
  })

  test('behavior: waits at most 2 s, then cancels the images still loading', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('5s (t|)', { t: true })
      const getImage: ImageGetter = (_deps, _state, id) => (id === 'i1' ? cold('-(t|)', { t: true }) : slow)
      const { out$ } = runEpic(scheduler, preloadEpic(getImage), hot('l', { l: lists }), initialState(), marbleDeps(scheduler))
      expectObservable(out$).toBe('2s a', { a: { type: 'registry/imagesPreloaded', failed: [], timedOut: true } })
      expectSubscriptions(slow.subscriptions).toBe(['^ 1999ms !', '^ 1999ms !'])
    })
  })
})

/** The HTTP getter's retry policy (twice, 1 s then 2 s, on the scheduler, within one request timeout). */
function retryPolicy(deps: AirlockDeps) {
  return retryTransient<WalletPage>({ scheduler: deps.scheduler, withinMs: API_REQUEST_TIMEOUT_MS })
}

