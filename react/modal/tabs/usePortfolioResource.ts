import { useEffect } from 'react'
import type { PortfolioData } from '../../../core/actions/portfolio.js'
import { activeAccountKey } from '../../../core/portfolio/activeAccountKey.js'
import { selectPortfolio } from '../../../core/portfolio/selectPortfolio.js'
import type { Cached, PortfolioResource } from '../../../core/portfolio/types.js'
import { useAirlockInstance } from '../../context.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'

/**
 * The active account's `resource` on the active network, asked for when shown and whenever the
 * account or network changes (the epic decides whether its cache answers).
 * @example const { key, entry } = usePortfolioResource('tokens')
 */
export function usePortfolioResource<R extends PortfolioResource>(resource: R): { key: string | null; entry: Cached<PortfolioData[R]> } {
  const airlock = useAirlockInstance()
  const key = useAirlockSelector(activeAccountKey)
  const entry = useAirlockSelector((state) => (key ? (selectPortfolio(state)[resource][key] as Cached<PortfolioData[R]> | undefined) : undefined))
  useEffect(() => {
    if (key) airlock.dispatch({ type: 'portfolio/fetchRequested', resource, key })
  }, [airlock, key, resource])
  return { key, entry: entry ?? {} }
}
