import { afterEach, expect } from 'vitest'
import type { Airlock } from '../../core/index.js'
import { replay } from '../../core/replay.js'

/**
 * A list for the test file's Airlock instances: after each test every one pushed to it must replay
 * from its exported log to the state it reached, and is then destroyed.
 * @example const started = replayChecked(); started.push(createAirlock({ … }))
 */
export function replayChecked(): Airlock[] {
  const started: Airlock[] = []
  afterEach(() => {
    for (const airlock of started.splice(0)) {
      expect(replay(airlock.log.export())).toEqual(airlock.getState())
      airlock.destroy()
    }
  })
  return started
}
