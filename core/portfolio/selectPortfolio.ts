import { initialPortfolioState } from '../slices/portfolio/state.js'
import type { AirlockState } from '../state.js'
import type { PortfolioState } from './types.js'

/**
 * The portfolio slice, or its initial value before its reducer first ran (it is left out of the
 * page's first JavaScript, issue 12).
 * @example selectPortfolio(state).activity.loading
 */
export function selectPortfolio(state: AirlockState): PortfolioState {
  return state.portfolio ?? initialPortfolioState
}
