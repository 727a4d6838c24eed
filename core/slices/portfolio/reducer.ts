import type { Action } from '../../actions/types.js'
import type { ActivityTransaction, Cached, PortfolioResource, PortfolioState } from '../../portfolio/types.js'
import { initialActivityState, initialNameSearch, initialPortfolioState } from './state.js'
import { initialSwapState, swapReducer } from './swapReducer.js'
import { initialOnrampState, onrampReducer } from './onrampReducer.js'

export { initialPortfolioState } from './state.js'

/** SPEC 4: at most 99 pending transactions are shown. */
export const MAX_PENDING = 99

/** A transaction whose every transfer is spam says nothing the person asked for (SPEC 4). */
export function isSpamTransaction(transaction: ActivityTransaction): boolean {
  return transaction.transfers.length > 0 && transaction.transfers.every((transfer) => transfer.spam)
}

/** `list` with `incoming` merged in: a transaction already there (same id) is replaced in place, new ones appended. */
function mergeById(list: readonly ActivityTransaction[], incoming: readonly ActivityTransaction[]): ActivityTransaction[] {
  const byId = new Map(incoming.map((t) => [t.id, t]))
  const merged = list.map((t) => byId.get(t.id) ?? t)
  const seen = new Set(list.map((t) => t.id))
  for (const t of incoming) {
    if (!seen.has(t.id)) {
      seen.add(t.id)
      merged.push(t)
    }
  }
  return merged
}

type CachedMap = Readonly<Record<string, Cached<unknown>>>

/** `state` with the entry `key` of `resource` replaced by `update` of it. */
function updateCached(state: PortfolioState, resource: PortfolioResource, key: string, update: (entry: Cached<unknown>) => Cached<unknown>): PortfolioState {
  const map: CachedMap = state[resource]
  return { ...state, [resource]: { ...map, [key]: update(map[key] ?? {}) } }
}

/**
 * The account's tokens, NFTs, identities, activity list and name flows; pure, the epics decide when
 * to fetch (core/portfolio/portfolioEpics.ts).
 */
export function portfolioReducer(state: PortfolioState = initialPortfolioState, action: Action): PortfolioState {
  if (action.type.startsWith('onramp/')) {
    const onramp = onrampReducer(state.onramp ?? initialOnrampState, action)
    return onramp === state.onramp ? state : { ...state, onramp }
  }
  if (action.type.startsWith('swap/')) {
    // A state recorded before swaps existed has no form yet.
    const swap = swapReducer(state.swap ?? initialSwapState, action)
    return swap === state.swap ? state : { ...state, swap }
  }
  switch (action.type) {
    case 'portfolio/fetchStarted':
      return updateCached(state, action.resource, action.key, ({ loading: _l, ...entry }) => ({ ...entry, loading: true }))
    case 'portfolio/fetched':
      return updateCached(state, action.resource, action.key, () => ({ data: action.data, fetchedAt: action.at }))
    case 'portfolio/fetchFailed':
      // The last good data stays shown; the pause starts now.
      return updateCached(state, action.resource, action.key, ({ loading: _l, ...entry }) => ({ ...entry, failedAt: action.at, error: action.error }))
    case 'portfolio/fetchSkipped': {
      const entry = state[action.resource][action.key]
      if (!entry?.loading) return state
      return updateCached(state, action.resource, action.key, ({ loading: _l, ...rest }) => rest)
    }
    case 'portfolio/nftImagesPreloaded': {
      const fresh = action.failed.filter((url) => !state.brokenImages.includes(url))
      // Bounded like the pending list: a long session may browse many accounts.
      return fresh.length === 0 ? state : { ...state, brokenImages: [...fresh, ...state.brokenImages].slice(0, 500) }
    }
    case 'activity/pageRequested':
      // Another account or network: its list starts empty.
      return state.activity.key === action.key ? state : { ...state, activity: { ...initialActivityState, key: action.key } }
    case 'activity/pageStarted':
      return action.key === state.activity.key ? { ...state, activity: { ...state.activity, loading: true, error: null } } : state
    case 'activity/pageLoaded': {
      if (action.key !== state.activity.key) return state
      const fresh = action.transactions.filter((t) => !isSpamTransaction(t))
      // A first page replaces the list (a refresh); later pages extend it.
      const transactions = action.cursor === null ? mergeById([], fresh) : mergeById(state.activity.transactions, fresh)
      const hashes = new Set(transactions.map((t) => t.hash.toLowerCase()))
      const pending = state.pending.filter((p) => !hashes.has(p.hash.toLowerCase()))
      return {
        ...state,
        pending: pending.length === state.pending.length ? state.pending : pending,
        activity: { ...state.activity, transactions, loading: false, next: action.next, empty: transactions.length === 0 && action.next === null, error: null },
      }
    }
    case 'activity/pageFailed':
      return action.key === state.activity.key
        ? { ...state, activity: { ...state.activity, transactions: [], next: null, loading: false, empty: true, error: action.error } }
        : state
    case 'activity/reset':
      return { ...state, activity: initialActivityState }
    case 'activity/transactionSent':
      return { ...state, pending: [action.transaction, ...state.pending.filter((p) => p.id !== action.transaction.id)].slice(0, MAX_PENDING) }
    case 'send/requested':
      return state.send.status === 'sending' ? state : { ...state, send: { status: 'sending', summary: action.summary, hash: null, error: null } }
    case 'send/succeeded':
      return state.send.status === 'sending' ? { ...state, send: { ...state.send, status: 'sent', hash: action.hash } } : state
    case 'send/failed':
      return state.send.status === 'sending' ? { ...state, send: { ...state.send, status: 'failed', error: action.error } } : state
    case 'send/reset':
      return state.send.status === 'idle' ? state : { ...state, send: initialPortfolioState.send }
    case 'names/searchRequested':
      return { ...state, nameSearch: { ...initialNameSearch, query: action.query, status: action.query === '' ? 'idle' : 'loading' } }
    case 'names/searchLoaded':
      return action.query === state.nameSearch.query
        ? { ...state, nameSearch: { query: action.query, status: 'loaded', taken: action.taken, suggestions: action.suggestions, error: null } }
        : state
    case 'names/searchFailed':
      return action.query === state.nameSearch.query ? { ...state, nameSearch: { ...state.nameSearch, status: 'failed', error: action.error } } : state
    case 'router/pushRequested':
      // A fresh name form each time it opens.
      return action.view === 'RegisterAccountName' ? { ...state, nameSearch: initialNameSearch, registration: initialPortfolioState.registration } : state
    case 'names/registrationRequested':
      return { ...state, registration: { status: 'signing', name: null, error: null } }
    case 'names/registrationSigned':
      return { ...state, registration: { status: 'registering', name: action.name, error: null } }
    case 'names/registered': {
      const key = action.address.toLowerCase()
      const entry = state.identity[key]
      // The new name shows at once wherever the address is, without waiting for the identity cache.
      return {
        ...state,
        registration: { status: 'registered', name: action.name, error: null },
        identity: { ...state.identity, [key]: { ...entry, data: { name: action.name, avatar: entry?.data?.avatar ?? null } } },
      }
    }
    case 'names/registrationFailed':
      return { ...state, registration: { status: 'failed', name: action.name, error: action.error } }
    case 'connection/disconnected': {
      // Another person may connect next: nothing of this account stays on screen.
      // The swap and buy forms exist only once their views opened.
      const swap = state.swap && swapReducer(state.swap, action)
      const onramp = state.onramp && onrampReducer(state.onramp, action)
      return state.activity.key === null && state.pending.length === 0 && state.send.status === 'idle' && swap === state.swap && onramp === state.onramp
        ? state
        : { ...state, activity: initialActivityState, pending: [], send: initialPortfolioState.send, ...(swap ? { swap } : {}), ...(onramp ? { onramp } : {}) }
    }
    default:
      return state
  }
}
