import type { ReactNode } from 'react'
import type { Airlock } from '../core/createAirlock.js'
import { AirlockContext } from './context.js'

export interface AirlockProviderProps {
  airlock: Airlock
  children?: ReactNode
}

/**
 * Makes one Airlock instance available to the hooks and components below.
 * The instance is created outside React (once), so StrictMode's double mount
 * never starts anything twice.
 * @example <AirlockProvider airlock={airlock}><ConnectButton /></AirlockProvider>
 */
export function AirlockProvider({ airlock, children }: AirlockProviderProps) {
  return <AirlockContext.Provider value={airlock}>{children}</AirlockContext.Provider>
}
