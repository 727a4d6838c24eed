import { useEffect, useState } from 'react'
import type { Action } from '../core/actions/types.js'
import type { Airlock } from '../core/createAirlock.js'
import type { AirlockState } from '../core/state.js'
import type { LogExport } from '../core/store/types.js'
import { extendTimeline, type Timeline } from './timeline.js'

/**
 * The live log of `airlock` as a timeline, refreshed at most once a frame (a burst of a thousand
 * actions costs one fold, not a thousand renders); frozen while `paused`, caught up on resume.
 */
export function useLiveTimeline(airlock: Airlock | null, paused: boolean): Timeline | null {
  const [timeline, setTimeline] = useState<Timeline | null>(null)
  useEffect(() => {
    if (!airlock || paused) return
    let frame: number | null = null
    const refresh = () => {
      frame = null
      setTimeline((previous) => extendTimeline(previous, airlock.log.toJSON() as LogExport<AirlockState, Action>))
    }
    refresh()
    const subscription = airlock.action$.subscribe(() => {
      frame ??= requestAnimationFrame(refresh)
    })
    return () => {
      subscription.unsubscribe()
      if (frame !== null) cancelAnimationFrame(frame)
    }
  }, [airlock, paused])
  return airlock ? timeline : null
}
