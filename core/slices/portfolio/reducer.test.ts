import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import type { ActivityTransaction, ActivityTransfer, PortfolioState, TokenBalance } from '../../portfolio/types.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { selectPortfolio } from '../../portfolio/selectPortfolio.js'
import { initialPortfolioState, isSpamTransaction, MAX_PENDING, portfolioReducer } from './reducer.js'
import { initialActivityState, initialNameSearch } from './state.js'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const KEY_A = `eip155:31337:${A}`
const KEY_B = 'eip155:31337:0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const LIST_A = `eip155:31337|${A}`
const LIST_B = 'eip155:31338|0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const eth = (numeric: string): TokenBalance => ({ name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 0, price: 0, quantity: { decimals: '18', numeric }, iconUrl: '' })
const transfer = (spam: boolean): ActivityTransfer => ({ direction: 'in', quantity: { numeric: '1' }, fungible: { name: 'T', symbol: 'T', iconUrl: '' }, spam })
const tx = (id: string, overrides: Partial<ActivityTransaction> = {}): ActivityTransaction => ({
  id,
  hash: `0x${id}`,
  minedAt: '2024-01-01T00:00:00Z',
  chain: 'eip155:31337',
  operationType: 'send',
  status: 'confirmed',
  sentFrom: A,
  sentTo: null,
  transfers: [transfer(false)],
  ...overrides,
})
const fold = (...actions: Action[]): PortfolioState => actions.reduce(portfolioReducer, initialPortfolioState)
const loaded = (key: string, cursor: string | null, transactions: ActivityTransaction[], next: string | null): Action => ({ type: 'activity/pageLoaded', key, cursor, transactions, next })

describe('portfolioReducer: cached resources', () => {
  test('default: nothing fetched yet; fetchStarted marks the key loading, fetched stores the data and its time', () => {
    expect(portfolioReducer(undefined, { type: 'activity/reset' })).toEqual(initialPortfolioState)
    const started = fold({ type: 'portfolio/fetchStarted', resource: 'tokens', key: KEY_A })
    expect(started.tokens).toEqual({ [KEY_A]: { loading: true } })
    const done = portfolioReducer(started, { type: 'portfolio/fetched', resource: 'tokens', key: KEY_A, data: [eth('1')], at: 5 })
    expect(done.tokens).toEqual({ [KEY_A]: { data: [eth('1')], fetchedAt: 5 } })
    // Other resources and keys are untouched.
    expect(done.nfts).toEqual({})
    expect(done.identity).toEqual({})
  })

  test('behavior: a failure keeps the last good data and records the error and its time; the next success clears them', () => {
    const failed = fold(
      { type: 'portfolio/fetched', resource: 'tokens', key: KEY_A, data: [eth('1')], at: 5 },
      { type: 'portfolio/fetchStarted', resource: 'tokens', key: KEY_A },
      { type: 'portfolio/fetchFailed', resource: 'tokens', key: KEY_A, error: { message: 'Token Balance Unavailable' }, at: 9 },
    )
    expect(failed.tokens[KEY_A]).toEqual({ data: [eth('1')], fetchedAt: 5, failedAt: 9, error: { message: 'Token Balance Unavailable' } })
    const back = portfolioReducer(failed, { type: 'portfolio/fetched', resource: 'tokens', key: KEY_A, data: [eth('2')], at: 40_000 })
    expect(back.tokens[KEY_A]).toEqual({ data: [eth('2')], fetchedAt: 40_000 })
  })

  test('behavior: resources and keys are kept apart', () => {
    const state = fold(
      { type: 'portfolio/fetchStarted', resource: 'nfts', key: KEY_A },
      { type: 'portfolio/fetched', resource: 'identity', key: A.toLowerCase(), data: { name: 'alice.airlock.id', avatar: null }, at: 1 },
      { type: 'portfolio/fetchFailed', resource: 'nfts', key: KEY_B, error: { message: 'NFTs unavailable' }, at: 2 },
    )
    expect(state.tokens).toEqual({})
    expect(state.nfts).toEqual({ [KEY_A]: { loading: true }, [KEY_B]: { failedAt: 2, error: { message: 'NFTs unavailable' } } })
    expect(state.identity).toEqual({ [A.toLowerCase()]: { data: { name: 'alice.airlock.id', avatar: null }, fetchedAt: 1 } })
  })

  test('edge: fetchSkipped clears a loading mark but changes nothing otherwise (same object)', () => {
    const loading = fold({ type: 'portfolio/fetched', resource: 'nfts', key: KEY_A, data: [], at: 1 }, { type: 'portfolio/fetchStarted', resource: 'nfts', key: KEY_A })
    expect(portfolioReducer(loading, { type: 'portfolio/fetchSkipped', resource: 'nfts', key: KEY_A, reason: 'cached' }).nfts[KEY_A]).toEqual({ data: [], fetchedAt: 1 })
    const idle = fold({ type: 'portfolio/fetched', resource: 'nfts', key: KEY_A, data: [], at: 1 })
    expect(portfolioReducer(idle, { type: 'portfolio/fetchSkipped', resource: 'nfts', key: KEY_A, reason: 'retryPause' })).toBe(idle)
    expect(portfolioReducer(idle, { type: 'portfolio/fetchSkipped', resource: 'tokens', key: KEY_B, reason: 'cached' })).toBe(idle)
  })
})

describe('portfolioReducer: activity', () => {
  test('default: a request names the list; the first page replaces it, later pages extend it', () => {
    const first = fold({ type: 'activity/pageRequested', key: LIST_A }, { type: 'activity/pageStarted', key: LIST_A, cursor: null })
    expect(first.activity).toEqual({ ...initialActivityState, key: LIST_A, loading: true })
    const page1 = portfolioReducer(first, loaded(LIST_A, null, [tx('1'), tx('2')], 'c1'))
    expect(page1.activity).toEqual({ key: LIST_A, transactions: [tx('1'), tx('2')], loading: false, empty: false, next: 'c1', error: null })
    const page2 = portfolioReducer(portfolioReducer(page1, { type: 'activity/pageStarted', key: LIST_A, cursor: 'c1' }), loaded(LIST_A, 'c1', [tx('3')], null))
    expect(page2.activity.transactions.map((t) => t.id)).toEqual(['1', '2', '3'])
    expect(page2.activity).toMatchObject({ next: null, empty: false, loading: false })
    // A refresh (first page again) replaces what was there.
    const refreshed = portfolioReducer(page2, loaded(LIST_A, null, [tx('0')], 'c9'))
    expect(refreshed.activity.transactions.map((t) => t.id)).toEqual(['0'])
    expect(refreshed.activity.next).toBe('c9')
  })

  test('behavior: a request for another key starts an empty list; the same key keeps it (same object)', () => {
    const shown = fold({ type: 'activity/pageRequested', key: LIST_A }, loaded(LIST_A, null, [tx('1')], 'c1'))
    expect(portfolioReducer(shown, { type: 'activity/pageRequested', key: LIST_A, more: true })).toBe(shown)
    const other = portfolioReducer(shown, { type: 'activity/pageRequested', key: LIST_B })
    expect(other.activity).toEqual({ ...initialActivityState, key: LIST_B })
  })

  test('behavior: a page for a list no longer shown changes nothing', () => {
    const shown = fold({ type: 'activity/pageRequested', key: LIST_B })
    expect(portfolioReducer(shown, loaded(LIST_A, null, [tx('1')], null))).toBe(shown)
    expect(portfolioReducer(shown, { type: 'activity/pageStarted', key: LIST_A, cursor: null })).toBe(shown)
    expect(portfolioReducer(shown, { type: 'activity/pageFailed', key: LIST_A, error: { message: 'x' } })).toBe(shown)
  })

  test('behavior: a transaction already listed (same id) is replaced in place, not duplicated', () => {
    const state = fold({ type: 'activity/pageRequested', key: LIST_A }, loaded(LIST_A, null, [tx('1'), tx('2', { status: 'pending' }), tx('3')], 'c1'))
    const next = portfolioReducer(state, loaded(LIST_A, 'c1', [tx('2', { status: 'confirmed' }), tx('4')], null))
    expect(next.activity.transactions.map((t) => [t.id, t.status])).toEqual([
      ['1', 'confirmed'],
      ['2', 'confirmed'],
      ['3', 'confirmed'],
      ['4', 'confirmed'],
    ])
    // Duplicates inside one page: listed once.
    const dup = portfolioReducer(state, loaded(LIST_A, null, [tx('7'), tx('8'), tx('7')], null))
    expect(dup.activity.transactions.map((t) => t.id)).toEqual(['7', '8'])
  })

  test('behavior: a transaction whose transfers are all spam is dropped; one with a mix, or with no transfers, is kept', () => {
    const allSpam = tx('spam', { transfers: [transfer(true), transfer(true)] })
    const mixed = tx('mixed', { transfers: [transfer(true), transfer(false)] })
    const none = tx('none', { transfers: [] })
    expect([allSpam, mixed, none].map(isSpamTransaction)).toEqual([true, false, false])
    const state = fold({ type: 'activity/pageRequested', key: LIST_A }, loaded(LIST_A, null, [allSpam, mixed, none], null))
    expect(state.activity.transactions.map((t) => t.id)).toEqual(['mixed', 'none'])
  })

  test('edge: empty only when no transactions are shown and no cursor is left', () => {
    const requested = fold({ type: 'activity/pageRequested', key: LIST_A })
    expect(portfolioReducer(requested, loaded(LIST_A, null, [], null)).activity).toMatchObject({ empty: true, next: null })
    // A page of only spam with more to come: not empty yet.
    expect(portfolioReducer(requested, loaded(LIST_A, null, [tx('s', { transfers: [transfer(true)] })], 'c1')).activity).toMatchObject({ transactions: [], empty: false, next: 'c1' })
    // Everything spam and nothing left: empty.
    expect(portfolioReducer(requested, loaded(LIST_A, null, [tx('s', { transfers: [transfer(true)] })], null)).activity.empty).toBe(true)
  })

  test("behavior: a failed page empties the list and clears the cursor (SPEC 8 'Failed to fetch transactions'); the next start clears the error", () => {
    const shown = fold({ type: 'activity/pageRequested', key: LIST_A }, loaded(LIST_A, null, [tx('1')], 'c1'), { type: 'activity/pageStarted', key: LIST_A, cursor: 'c1' })
    const failed = portfolioReducer(shown, { type: 'activity/pageFailed', key: LIST_A, error: { message: 'Failed to fetch transactions' } })
    expect(failed.activity).toEqual({ key: LIST_A, transactions: [], loading: false, empty: true, next: null, error: { message: 'Failed to fetch transactions' } })
    expect(portfolioReducer(failed, { type: 'activity/pageStarted', key: LIST_A, cursor: null }).activity).toMatchObject({ loading: true, error: null })
  })

  test('behavior: sent transactions are pending, newest first, at most 99; the same id is not listed twice', () => {
    let state = initialPortfolioState
    for (let i = 0; i < 100; i++) state = portfolioReducer(state, { type: 'activity/transactionSent', transaction: tx(`p${i}`, { pending: true }) })
    expect(MAX_PENDING).toBe(99)
    expect(state.pending).toHaveLength(99)
    expect(state.pending[0]!.id).toBe('p99')
    expect(state.pending[98]!.id).toBe('p1')
    expect(state.pending.some((p) => p.id === 'p0')).toBe(false)
    const again = portfolioReducer(state, { type: 'activity/transactionSent', transaction: tx('p50', { pending: true, status: 'sent again' }) })
    expect(again.pending).toHaveLength(99)
    expect(again.pending[0]).toMatchObject({ id: 'p50', status: 'sent again' })
    expect(again.pending.filter((p) => p.id === 'p50')).toHaveLength(1)
  })

  test('behavior: a pending transaction leaves once a loaded page has its hash, whatever the case', () => {
    const state = fold(
      { type: 'activity/transactionSent', transaction: tx('sent1', { hash: '0xABCDEF', pending: true }) },
      { type: 'activity/transactionSent', transaction: tx('sent2', { hash: '0x123456', pending: true }) },
      { type: 'activity/pageRequested', key: LIST_A },
    )
    const next = portfolioReducer(state, loaded(LIST_A, null, [tx('mined', { hash: '0xabcdef' })], null))
    expect(next.pending.map((p) => p.id)).toEqual(['sent2'])
    // A page without its hash keeps the list as it was (same array).
    const untouched = portfolioReducer(state, loaded(LIST_A, null, [tx('other', { hash: '0x999' })], null))
    expect(untouched.pending).toBe(state.pending)
  })

  test('behavior: a disconnect clears the list and the pending transactions; with nothing shown it changes nothing', () => {
    const disconnected: Action = { type: 'connection/disconnected', namespace: 'eip155', reason: 'user' }
    const shown = fold({ type: 'activity/transactionSent', transaction: tx('p', { pending: true }) }, { type: 'activity/pageRequested', key: LIST_A }, loaded(LIST_A, null, [tx('1')], 'c1'))
    const after = portfolioReducer(shown, disconnected)
    expect(after.activity).toEqual(initialActivityState)
    expect(after.pending).toEqual([])
    const fresh = fold({ type: 'portfolio/fetched', resource: 'tokens', key: KEY_A, data: [], at: 1 })
    expect(portfolioReducer(fresh, disconnected)).toBe(fresh)
  })

  test('behavior: reset forgets the list', () => {
    const shown = fold({ type: 'activity/pageRequested', key: LIST_A }, loaded(LIST_A, null, [tx('1')], 'c1'))
    expect(portfolioReducer(shown, { type: 'activity/reset' }).activity).toEqual(initialActivityState)
  })
})

describe('portfolioReducer: names', () => {
  test('default: a search is loading until its answer; an empty query is idle', () => {
    const searching = fold({ type: 'names/searchRequested', query: 'alice' })
    expect(searching.nameSearch).toEqual({ ...initialNameSearch, query: 'alice', status: 'loading' })
    const answer = portfolioReducer(searching, { type: 'names/searchLoaded', query: 'alice', taken: true, suggestions: [{ name: 'alice1.airlock.id', registered: false }] })
    expect(answer.nameSearch).toEqual({ query: 'alice', status: 'loaded', taken: true, suggestions: [{ name: 'alice1.airlock.id', registered: false }], error: null })
    expect(portfolioReducer(answer, { type: 'names/searchRequested', query: '' }).nameSearch).toEqual(initialNameSearch)
  })

  test('behavior: an answer or failure for an older query is ignored; a failure of the current one is shown', () => {
    const searching = fold({ type: 'names/searchRequested', query: 'alice' }, { type: 'names/searchRequested', query: 'alicia' })
    expect(portfolioReducer(searching, { type: 'names/searchLoaded', query: 'alice', taken: false, suggestions: [] })).toBe(searching)
    expect(portfolioReducer(searching, { type: 'names/searchFailed', query: 'alice', error: { message: 'x' } })).toBe(searching)
    expect(portfolioReducer(searching, { type: 'names/searchFailed', query: 'alicia', error: { message: 'Error fetching name suggestions' } }).nameSearch).toMatchObject({
      query: 'alicia',
      status: 'failed',
      error: { message: 'Error fetching name suggestions' },
    })
  })

  test('default: registration goes signing, registering, registered; a failure keeps the name and the error', () => {
    const signing = fold({ type: 'names/registrationRequested', label: 'alice' })
    expect(signing.registration).toEqual({ status: 'signing', name: null, error: null })
    const registering = portfolioReducer(signing, { type: 'names/registrationSigned', name: 'alice.airlock.id' })
    expect(registering.registration).toEqual({ status: 'registering', name: 'alice.airlock.id', error: null })
    const failed = portfolioReducer(registering, { type: 'names/registrationFailed', name: 'alice.airlock.id', error: { message: 'Name is taken' } })
    expect(failed.registration).toEqual({ status: 'failed', name: 'alice.airlock.id', error: { message: 'Name is taken' } })
    // Trying again starts over.
    expect(portfolioReducer(failed, { type: 'names/registrationRequested', label: 'alice' }).registration).toEqual({ status: 'signing', name: null, error: null })
  })

  test('behavior: a registered name becomes the identity name of the address (lower-cased key), the avatar kept', () => {
    const withAvatar = fold({ type: 'portfolio/fetched', resource: 'identity', key: A.toLowerCase(), data: { name: null, avatar: 'https://x.test/a.png' }, at: 3 })
    const done = portfolioReducer(withAvatar, { type: 'names/registered', name: 'alice.airlock.id', address: A })
    expect(done.registration).toEqual({ status: 'registered', name: 'alice.airlock.id', error: null })
    expect(done.identity[A.toLowerCase()]).toEqual({ data: { name: 'alice.airlock.id', avatar: 'https://x.test/a.png' }, fetchedAt: 3 })
    expect(done.identity[A]).toBeUndefined()
    // Never fetched: the name alone.
    expect(fold({ type: 'names/registered', name: 'bob.airlock.id', address: A }).identity).toEqual({ [A.toLowerCase()]: { data: { name: 'bob.airlock.id', avatar: null } } })
  })

  test('behavior: opening RegisterAccountName resets the search and the registration; another view keeps them', () => {
    const used = fold({ type: 'names/searchRequested', query: 'alice' }, { type: 'names/registrationFailed', name: 'alice.airlock.id', error: { message: 'x' } })
    expect(portfolioReducer(used, { type: 'router/pushRequested', view: 'Account' })).toBe(used)
    const reopened = portfolioReducer(used, { type: 'router/pushRequested', view: 'RegisterAccountName' })
    expect(reopened.nameSearch).toEqual(initialNameSearch)
    expect(reopened.registration).toEqual({ status: 'idle', name: null, error: null })
  })
})

describe('portfolio slice in the root reducer', () => {
  test('edge: absent until its first action, then created by it', () => {
    const start = initialState()
    expect(start.portfolio).toBeUndefined()
    expect(selectPortfolio(start)).toBe(initialPortfolioState)
    const after = reduce(start, { type: 'names/searchRequested', query: 'alice' })
    expect(after.portfolio?.nameSearch.status).toBe('loading')
    expect(reduce(after, { type: 'router/pushRequested', view: 'RegisterAccountName' }).portfolio?.nameSearch).toEqual(initialNameSearch)
  })
})

describe('portfolioReducer: NFT images', () => {
  test('behavior: failed preloads are remembered once each, newest first, and bounded', () => {
    const key = 'eip155:1:0xabc'
    const once = portfolioReducer(initialPortfolioState, { type: 'portfolio/nftImagesPreloaded', key, failed: ['https://a/1', 'https://a/2'] })
    expect(once.brokenImages).toEqual(['https://a/1', 'https://a/2'])
    const again = portfolioReducer(once, { type: 'portfolio/nftImagesPreloaded', key, failed: ['https://a/2'] })
    expect(again).toBe(once)
    const many = portfolioReducer(once, { type: 'portfolio/nftImagesPreloaded', key, failed: Array.from({ length: 600 }, (_, i) => `https://b/${i}`) })
    expect(many.brokenImages).toHaveLength(500)
    expect(many.brokenImages[0]).toBe('https://b/0')
  })
})
