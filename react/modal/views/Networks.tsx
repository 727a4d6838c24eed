import { useCallback } from 'react'
import { useAirlockInstance } from '../../context.js'
import { NetworkList } from '../parts/NetworkList.js'

/** The app's networks; once a switch lands, back (which closes when Networks was the first view). */
export function Networks() {
  const airlock = useAirlockInstance()
  const back = useCallback(() => airlock.dispatch({ type: 'router/backRequested' }), [airlock])
  return (
    <div className="stack">
      <NetworkList onSwitched={back} />
    </div>
  )
}
