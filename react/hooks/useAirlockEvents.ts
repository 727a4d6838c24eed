import { useObservableState } from 'observable-hooks'
import type { Action } from '../../core/actions/types.js'
import { useAirlockInstance } from '../context.js'

/**
 * The latest action the store handled (undefined until one happens after mount, and on a server).
 * @example const event = useAirlockEvents(); useEffect(() => { if (event?.type === 'connection/connectFailed') track(event) }, [event])
 */
export function useAirlockEvents(): Action | undefined {
  return useObservableState(useAirlockInstance().action$)
}
