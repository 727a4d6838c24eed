import { createContext, useContext } from 'react'
import type { Airlock } from '../core/createAirlock.js'

export const AirlockContext = createContext<Airlock | null>(null)

/** The Airlock instance of the nearest provider; throws a clear error outside one. */
export function useAirlockInstance(): Airlock {
  const airlock = useContext(AirlockContext)
  if (!airlock) throw new Error('Airlock hooks must be used inside <AirlockProvider airlock={...}>')
  return airlock
}
