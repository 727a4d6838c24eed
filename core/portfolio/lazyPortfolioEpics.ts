import type { Action } from '../actions/types.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { lazyEpic } from '../store/lazyEpic.js'
import type { Epic } from '../store/types.js'

/**
 * The account data epics (tokens, NFTs, activity, identity, names) for `createAirlock`, in one chunk
 * fetched after the first paint: the page's first JavaScript holds only this epic.
 * @example createStore({ …, epics: { portfolio: lazyPortfolioEpics } })
 */
export const lazyPortfolioEpics: Epic<Action, AirlockState, AirlockDeps> = lazyEpic(() => import('./portfolioEpics.js').then((m) => m.portfolioEpic))
