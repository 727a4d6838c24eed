import { useMemo } from 'react'
import type { Airlock } from '../../core/createAirlock.js'
import { useAirlockInstance } from '../context.js'

/**
 * Opens and closes the modal.
 * @example const { open } = useAirlock(); <button onClick={() => open({ view: 'Networks' })} />
 */
export function useAirlock(): { open: Airlock['open']; close: Airlock['close'] } {
  const airlock = useAirlockInstance()
  return useMemo(() => ({ open: airlock.open, close: airlock.close }), [airlock])
}
