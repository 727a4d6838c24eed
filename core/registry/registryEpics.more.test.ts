import type { Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { hangingApi, marbleDeps, runEpic } from '../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../tests/support/state.js'
import type { Action } from '../actions/types.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { listsEpic, pagesEpic, preloadEpic, searchEpic, type ImageGetter, type WalletsGetter } from './registryEpics.js'
import type { WalletPage } from './registrySchema.js'
import type { WalletQuery } from './registryQuery.js'
import type { RegistryWallet } from './types.js'

// Rules registryEpics.test.ts leaves open (mutation testing, issue #20).

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const w = (n: number, fields: Partial<RegistryWallet> = {}): RegistryWallet => ({ id: `w${n}`, name: `Wallet ${n}`, image_id: `i${n}`, mobile_link: null, desktop_link: null, webapp_link: null, rdns: null, chains: ['eip155:1'], ...fields })
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => w(from + i))
const page = (wallets: RegistryWallet[], count = 100): WalletPage => ({ count, wallets })
const next: Action = { type: 'registry/nextPageRequested' }

function getter(...answers: Observable<WalletPage>[]) {
  const queries: WalletQuery[] = []
  const get: WalletsGetter = (_deps, _state, query) => {
    queries.push(query)
    return answers[Math.min(queries.length - 1, answers.length - 1)]!
  }
  return Object.assign(get, { queries })
}

describe('listsEpic: installed wallets', () => {
  test('behavior: featured (without featuredWalletIds) and recommended skip installed wallets only; a wallet merely announced, or one with an rdns nobody installed, stays', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const installed = { id: 'dev', name: 'Dev', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'dev.wallet', installed: true } as const
      // Announced once but not installed (e.g. a WalletConnect entry carrying an rdns).
      const known = { id: 'known', name: 'Known', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'known.wallet', installed: false } as const
      const wallets = [w(1), w(2, { rdns: 'dev.wallet' }), w(3, { rdns: 'known.wallet' }), w(4, { rdns: 'other.wallet' }), ...range(5, 12)]
      const get = getter(cold('---p|', { p: page(wallets, 12) }))
      const state = reduce(initialState({ projectId: 'p' }), { type: 'connectors/announced', connector: installed }, { type: 'connectors/announced', connector: known })
      const { out$ } = runEpic(scheduler, listsEpic(get), hot('o', { o: { type: 'modal/openRequested' } }), state, marbleDeps(scheduler))
      expectObservable(out$).toBe('(ab)(cd)', {
        a: { type: 'registry/listsRequested' },
        b: { type: 'registry/pageRequested', page: 1 },
        c: { type: 'registry/pageLoaded', page: 1, count: 12, wallets },
        d: { type: 'registry/listsLoaded', featured: [w(1), w(3, { rdns: 'known.wallet' }), w(4, { rdns: 'other.wallet' }), w(5)], recommended: range(6, 9) },
      })
    })
  })
})

describe('pagesEpic: when a next page is asked', () => {
  const loaded = (count: number) =>
    reduce(initialState({ projectId: 'p' }), { type: 'registry/listsRequested' }, { type: 'registry/listsLoaded', featured: [], recommended: [] }, { type: 'registry/pageLoaded', page: 1, count, wallets: range(1, 40) })
  const cases: [string, AirlockState][] = [
    // Page 1 belongs to the lists fetch.
    ['before the lists loaded', initialState({ projectId: 'p' })],
    ['while the lists load', reduce(initialState({ projectId: 'p' }), { type: 'registry/listsRequested' })],
    // A page another epic asked for is on its way.
    ['while a page loads', reduce(loaded(120), { type: 'registry/pageRequested', page: 2 })],
    ['when the count is exactly one page', loaded(40)],
  ]
  test.each(cases)('edge: nothing is requested %s', (_why, initial) => {
    const scheduler = newScheduler()
    const get = getter()
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(runEpic(scheduler, pagesEpic(get), hot('-n', { n: next }), initial, marbleDeps(scheduler)).out$).toBe('')
    })
    expect(get.queries).toEqual([])
  })

  test('behavior: with the count not known yet, the next page is asked', () => {
    const scheduler = newScheduler()
    const initial = reduce(initialState({ projectId: 'p' }), { type: 'registry/listsRequested' }, { type: 'registry/listsLoaded', featured: [], recommended: [] })
    expect(initial.registry.count).toBeNull()
    const get = getter()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const answer = getter(cold('-p|', { p: page(range(1, 40), 90) }))
      expectObservable(runEpic(scheduler, pagesEpic(answer), hot('-n', { n: next }), initial, marbleDeps(scheduler)).out$).toBe('-ab', {
        a: { type: 'registry/pageRequested', page: 1 },
        b: { type: 'registry/pageLoaded', page: 1, count: 90, wallets: range(1, 40) },
      })
    })
    expect(get.queries).toEqual([])
  })
})

describe('searchEpic: at most 100 results', () => {
  test('edge: a registry answering more than 100 wallets shows the first 100', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('-r|', { r: page(range(1, 101), 150) }))
      const { out$ } = runEpic(scheduler, searchEpic(get, 0), hot('a', { a: { type: 'registry/searchRequested', query: 'w' } }), initialState({ projectId: 'p' }), marbleDeps(scheduler))
      expectObservable(out$).toBe('ab', {
        a: { type: 'registry/searchStarted', query: 'w' },
        b: { type: 'registry/searchLoaded', query: 'w', count: 150, wallets: range(1, 100) },
      })
    })
  })
})

describe('the HTTP getters', () => {
  test('default: the wallets come from /getWallets', () => {
    const scheduler = newScheduler()
    const { deps, paths } = hangingApi(scheduler)
    scheduler.run(({ hot }) => {
      runEpic(scheduler, listsEpic(), hot('o', { o: { type: 'modal/openRequested' } }), initialState({ projectId: 'p' }), deps).out$.subscribe()
    })
    expect(paths[0]).toBe('/getWallets')
  })

  test('default: images come from /getWalletImage/{id} (the id encoded); only an image/* blob counts as loaded; wallets without an image ask nothing', () => {
    const scheduler = newScheduler()
    const asked: { path: string; params: unknown; signal: unknown }[] = []
    const types: Record<string, string> = { '/getWalletImage/a%2Fb': 'image/png', '/getWalletImage/i2': 'text/html' }
    const getBlob = (call: { path: string; params: unknown; signal: unknown }) => {
      asked.push(call)
      // A promise-like settled on virtual time (fromAbortable only calls `then`).
      return { then: (resolve: (blob: Blob) => void) => void scheduler.schedule(() => resolve(new Blob(['x'], { type: types[call.path] ?? '' })), 1) }
    }
    const deps = { ...marbleDeps(scheduler), http: { api: { getBlob } } } as unknown as AirlockDeps
    const lists: Action = { type: 'registry/listsLoaded', featured: [w(1, { image_id: 'a/b' }), w(2)], recommended: [w(3, { image_id: null })] }
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(runEpic(scheduler, preloadEpic(), hot('l', { l: lists }), initialState({ projectId: 'p' }), deps).out$).toBe('-a', {
        a: { type: 'registry/imagesPreloaded', failed: ['i2'], timedOut: false },
      })
    })
    expect(asked.map((c) => c.path)).toEqual(['/getWalletImage/a%2Fb', '/getWalletImage/i2'])
    expect(asked[0]!.signal).toBeInstanceOf(AbortSignal)
  })

  test('edge: a wallet without an image is not preloaded', () => {
    const scheduler = newScheduler()
    const ids: string[] = []
    const getImage: ImageGetter = (_deps, _state, id) => {
      ids.push(id)
      return scheduler.createColdObservable('-(t|)', { t: true })
    }
    scheduler.run(({ hot, expectObservable }) => {
      const lists: Action = { type: 'registry/listsLoaded', featured: [w(1, { image_id: null })], recommended: [w(2, { image_id: '' }), w(3)] }
      expectObservable(runEpic(scheduler, preloadEpic(getImage), hot('l', { l: lists }), initialState(), marbleDeps(scheduler)).out$).toBe('-a', { a: { type: 'registry/imagesPreloaded', failed: [], timedOut: false } })
    })
    expect(ids).toEqual(['i3'])
  })
})
