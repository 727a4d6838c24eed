import { createContext, useContext, type Dispatch, type SetStateAction } from 'react'
import type { Airlock } from '../core/createAirlock.js'

export const AirlockContext = createContext<Airlock | null>(null)

/** Counts the `<AirlockModal embedded={…} />` elements below the provider: while one is mounted it appends no modal of its own. */
export const PlacedModalContext = createContext<Dispatch<SetStateAction<number>>>(() => undefined)

/** The Airlock instance of the nearest provider; throws a clear error outside one. */
export function useAirlockInstance(): Airlock {
  const airlock = useContext(AirlockContext)
  if (!airlock) throw new Error('Airlock hooks must be used inside <AirlockProvider airlock={...}>')
  return airlock
}
