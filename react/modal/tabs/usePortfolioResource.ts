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
  // The whole map, indexed below: useAirlockSelector memoises by state, and a selector closing over
  // `key` would hand back the old key's entry in the render where the key changes (the old selector
  // already ran against that state when the store notified), e.g. Ethereum's tokens shown on Base.
  const byKey = useAirlockSelector((state) => selectPortfolio(state)[resource]) as Readonly<Record<string, Cached<PortfolioData[R]>>>
  const entry = key ? byKey[key] : undefined
  useEffect(() => {
    if (key) airlock.dispatch({ type: 'portfolio/fetchRequested', resource, key })
  }, [airlock, key, resource])
  return { key, entry: entry ?? {} }
}
