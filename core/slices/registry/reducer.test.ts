import { describe, expect, test } from 'vitest'
import { initialState, reduce } from '../../../tests/support/state.js'
import type { RegistryWallet } from '../../registry/types.js'

const w = (n: number): RegistryWallet => ({ id: `w${n}`, name: `W${n}`, image_id: null, mobile_link: null, desktop_link: null, webapp_link: null, rdns: null, chains: [] })
const error = { message: 'Failed to load wallets', code: 500 }

describe('registryReducer', () => {
  test('default: pages append in order, without duplicates, and record count', () => {
    const s = reduce(initialState(), { type: 'registry/pageRequested', page: 1 }, { type: 'registry/pageLoaded', page: 1, count: 3, wallets: [w(1), w(2)] }, { type: 'registry/pageLoaded', page: 2, count: 3, wallets: [w(2), w(3)] })
    expect(s.registry.wallets.map((x) => x.id)).toEqual(['w1', 'w2', 'w3'])
    expect(s.registry).toMatchObject({ page: 2, count: 3, loadingPage: null, error: null })
  })

  test('error: a failure keeps the data loaded before it', () => {
    const s = reduce(initialState(), { type: 'registry/listsLoaded', featured: [w(1)], recommended: [w(2)] }, { type: 'registry/pageLoaded', page: 1, count: 80, wallets: [w(1)] }, { type: 'registry/pageRequested', page: 2 }, { type: 'registry/pageFailed', page: 2, error })
    expect(s.registry).toMatchObject({ featured: [w(1)], recommended: [w(2)], wallets: [w(1)], page: 1, loadingPage: null, error })
    const again = reduce(s, { type: 'registry/listsRequested' }, { type: 'registry/listsFailed', error })
    expect(again.registry).toMatchObject({ status: 'failed', featured: [w(1)], imagesReady: true })
  })

  test('behavior: search: pending while typing, stale answers dropped, an empty box resets', () => {
    let s = reduce(initialState(), { type: 'registry/searchRequested', query: 'a' })
    expect(s.registry.search.status).toBe('loading')
    s = reduce(s, { type: 'registry/searchStarted', query: 'ab' }, { type: 'registry/searchLoaded', query: 'a', count: 1, wallets: [w(9)] })
    expect(s.registry.search).toMatchObject({ query: 'ab', status: 'loading', wallets: [] })
    s = reduce(s, { type: 'registry/searchLoaded', query: 'ab', count: 1, wallets: [w(1)] })
    expect(s.registry.search).toMatchObject({ query: 'ab', status: 'loaded', wallets: [w(1)], count: 1 })
    s = reduce(s, { type: 'registry/searchRequested', query: '  ' })
    expect(s.registry.search).toEqual(initialState().registry.search)
    expect(reduce(s, { type: 'registry/searchRequested', query: '' })).toBe(s)
  })

  test('behavior: preloaded images and the selected wallet; unrelated actions keep identity', () => {
    const s = reduce(initialState(), { type: 'registry/imagesPreloaded', failed: ['i1'], timedOut: true }, { type: 'registry/walletSelected', wallet: w(4) })
    expect(s.registry).toMatchObject({ imagesReady: true, brokenImages: ['i1'], selected: w(4) })
    expect(reduce(s, { type: 'modal/shakeEnded' }).registry).toBe(s.registry)
  })
})
